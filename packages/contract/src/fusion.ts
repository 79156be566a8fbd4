// Fusion: two bots of one rarity become one new bot a rung up the ladder. The client sends only the two ids;
// the server computes the result, draws its image from the library and answers the new bot, which is then
// named through POST /api/bots/:id/name.
import { messages } from "@bot-arena/game";
import { bot } from "./bots";
import { z } from "./zod";

export const fusionMessages = {
  cannotFuseActive: "Cannot fuse your active bot!",
  finishSetupFirst: "Name both bots and place their bonus points before fusing them",
  tournamentConflict: "Cannot fuse a bot that is entered in a tournament",
} as const;

export const fusionBody = z.object({
  bot1Id: z.uuid({ error: messages.cannotFuse }),
  bot2Id: z.uuid({ error: messages.cannotFuse }),
});
export type FusionBody = z.infer<typeof fusionBody>;

export const fusionResponse = z.object({ bot, message: z.string() });
export type FusionResponse = z.infer<typeof fusionResponse>;

export const fusionRoutes = {
  fuseBots: {
    method: "POST",
    path: "/api/fusion",
    summary: "Fuse two of the player's bots into one of the next rarity (awaiting its name)",
    auth: "player",
    body: fusionBody,
    response: fusionResponse,
  },
} as const;
