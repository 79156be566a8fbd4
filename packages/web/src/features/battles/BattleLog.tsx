// The text Battle Log that stays on the page after a battle (and under a replay).
import type { BattleView } from "@bot-arena/contract";
import { ScrollText } from "lucide-react";
import type { ReactNode } from "react";
import { Panel } from "../../ui/Panel";
import { BattleLogLines } from "./BattleLogLines";
import { finalArena } from "./playback";

export function BattleLog({ battle, actions }: { battle: BattleView; actions?: ReactNode }) {
  return (
    <Panel tone="neutral">
      <section aria-labelledby={`battle-log-${battle.id}`}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2
            id={`battle-log-${battle.id}`}
            className="flex items-center gap-2 font-display text-sm font-bold uppercase tracking-[0.18em] text-cyan"
          >
            <ScrollText className="size-4" aria-hidden="true" />
            Battle Log
          </h2>
          {actions}
        </div>
        <BattleLogLines lines={finalArena(battle).lines} outcome={battle.outcome} className="max-h-96" />
      </section>
    </Panel>
  );
}
