// The pictures of AI opponents: one per look (model x class x colour scheme, whatever the name or level), so
// a few hundred at most, each drawn once into the shared media store. A server process draws the missing ones
// in the background after it starts listening, so no player's opponent roll waits for a drawing (5 to 20 ms of
// the event loop each, paid by the first players after every deploy before this); a look already stored costs
// that process one lookup, once.

import { BOT_CLASSES, BOT_MODEL_NAMES, type BotClass, CREATION_COLOR_SCHEMES } from "@bot-arena/game";
import type { MechaInput } from "@bot-arena/images";
import { type BotImageDeps, generateBotImage, mechaInputOf } from "../bots/bot-images";

export type AiLook = { model: string; botClass: BotClass; colorPrimary: string; colorSecondary: string };

/** What an AI opponent's picture is drawn from: its look alone. */
export const aiLookInput = (look: AiLook): MechaInput =>
  mechaInputOf({ ...look, name: "AI opponent" }, null, "ai-opponent");

export function everyAiLook(): AiLook[] {
  return BOT_MODEL_NAMES.flatMap((model) =>
    BOT_CLASSES.flatMap((botClass) =>
      CREATION_COLOR_SCHEMES.map((scheme) => ({
        model,
        botClass,
        colorPrimary: scheme.primary,
        colorSecondary: scheme.secondary,
      })),
    ),
  );
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Draws every look not yet stored, one at a time with a turn of the event loop between; returns how many. */
export async function drawAiLooks(deps: BotImageDeps): Promise<number> {
  let stored = 0;
  for (const look of everyAiLook()) {
    if (await generateBotImage(deps, aiLookInput(look))) stored += 1;
    await nextTurn();
  }
  return stored;
}
