// Every AI opponent's picture can be drawn ahead, once into the shared media store, and a rolled opponent uses
// one of them.
import {
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
  createRng,
  generateAiOpponent,
} from "@bot-arena/game";
import type { MechaInput } from "@bot-arena/images";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../../../test/helpers";
import { databaseMediaStore, mediaOnTestDatabase, storedMediaIn } from "../../../test/media";
import { generateBotImage } from "../bots/bot-images";
import { svgProvider } from "../bots/images";
import { aiLookInput, drawAiLooks, everyAiLook } from "./ai-looks";

let stored: Awaited<ReturnType<typeof mediaOnTestDatabase>>;
beforeAll(async () => {
  stored = await mediaOnTestDatabase();
});
afterAll(() => stored.drop());

describe("AI opponents' pictures", () => {
  it("are one per model, class and colour scheme: 5 x 3 x 8 = 120", () => {
    const looks = everyAiLook();
    expect(looks).toHaveLength(BOT_MODEL_NAMES.length * BOT_CLASSES.length * CREATION_COLOR_SCHEMES.length);
    expect(looks).toHaveLength(120);
    expect(new Set(looks.map((l) => JSON.stringify(l))).size).toBe(120);
  });

  it("are drawn ahead into the store, each once; a rolled opponent's is among them, found with no statement", async () => {
    expect(await drawAiLooks({ media: stored.media })).toBe(120);
    const pictures = await storedMediaIn(stored.db, "bots");
    expect(pictures).toHaveLength(120);
    // Another process finds them all stored and draws none.
    const other = databaseMediaStore(stored.db);
    let drawn = 0;
    const counting = {
      ...svgProvider,
      generate(input: MechaInput) {
        drawn += 1;
        return svgProvider.generate(input);
      },
    };
    expect(await drawAiLooks({ media: other, provider: counting })).toBe(120);
    expect(drawn).toBe(0);
    expect(await storedMediaIn(stored.db, "bots")).toEqual(pictures);

    for (const seed of ["a", "b", "c"]) {
      const rolled = generateAiOpponent(createRng(seed), 7);
      const { answer, count } = await countStatements(stored, () =>
        generateBotImage({ media: other }, aiLookInput(rolled)),
      );
      expect(pictures).toContain(answer);
      expect(count).toBe(0);
    }
  });
});
