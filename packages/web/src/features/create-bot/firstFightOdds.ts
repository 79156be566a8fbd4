// The Stats tab's odds: how a build as allocated would fare in its first AI battles, from the arena's own
// engine and its own AI roll for a level-1 bot (an AI of level 1, or 2 one time in three), worked out in the
// browser so the number moves with every click. The seed is fixed: the same build always shows the same odds.
import { aiOpponentRoll, estimateWinChance, type Stats, type WinChance } from "@bot-arena/game";

const FIRST_LEVEL = 1;
const rollFirstRival = aiOpponentRoll(FIRST_LEVEL);
const SEED = "create-bot first fights";

export const firstFightOdds = (stats: Stats): WinChance =>
  estimateWinChance({ name: "New bot", stats, weapon: null }, rollFirstRival, SEED);

const verdicts = {
  danger: "Most level-1 AIs would beat this build.",
  amber: "A coin toss against level-1 AIs.",
  lime: "This build beats most level-1 AIs.",
} as const;

export const firstFightVerdict = (tone: keyof typeof verdicts): string => verdicts[tone];
