// How a win chance reads on screen: a colour for the odds and a few words in the arena's voice.
import type { BarTone } from "../../ui/ProgressBar";

/** Under this percent the odds are long (red); over WIN_CHANCE_FAVOURED they favour the player (green). */
export const WIN_CHANCE_LONG_ODDS = 35;
export const WIN_CHANCE_FAVOURED = 65;

export type WinChanceTone = Extract<BarTone, "danger" | "amber" | "lime">;

export const winChanceTone = (percent: number): WinChanceTone =>
  percent < WIN_CHANCE_LONG_ODDS ? "danger" : percent > WIN_CHANCE_FAVOURED ? "lime" : "amber";

const verdicts: Record<WinChanceTone, string> = {
  danger: "Long odds. Train or arm up first.",
  amber: "A close fight. Anything can happen.",
  lime: "The odds are on your side.",
};

export const winChanceVerdict = (percent: number): string => verdicts[winChanceTone(percent)];
