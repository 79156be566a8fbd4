// The arena's service: AI battles against a kept, server-rolled opponent, and PvP battles.

import type { PvpProtection } from "../pilots/protection";
import { type ArenaDeps, createAiArena } from "./ai";
import { createPvpArena } from "./pvp";
import { createWinChance } from "./win-chance";

export type ArenaService = ReturnType<typeof createArenaService>;

export const createArenaService = (deps: ArenaDeps & { pvp: PvpProtection }) => ({
  ...createAiArena(deps),
  ...createPvpArena(deps),
  ...createWinChance(deps),
});
