// The live odds under the Stats tab's sliders.
import type { Stats } from "@bot-arena/game";
import { useMemo } from "react";
import { WinChanceMeter } from "../fight/WinChanceMeter";
import { winChanceTone } from "../fight/winChance";
import { firstFightOdds, firstFightVerdict } from "./firstFightOdds";

export function FirstFightOdds({ stats }: { stats: Stats }) {
  const { strength, agility, defense, intelligence } = stats;
  const { percent } = useMemo(
    () => firstFightOdds({ strength, agility, defense, intelligence }),
    [strength, agility, defense, intelligence],
  );
  return (
    <WinChanceMeter
      percent={percent}
      label="Vs a level-1 AI"
      hint={firstFightVerdict(winChanceTone(percent))}
    />
  );
}
