// The published odds of each summon beside what this player has actually pulled, and the diamond note.
import type { SummonHistory } from "@bot-arena/contract";
import { type RarityTable, SINGLE_SUMMON_RATES, TEN_SUMMON_RATES } from "@bot-arena/game";
import { Gem } from "lucide-react";
import { RarityBadge } from "../bots/RarityBadge";

function RateTable(props: { title: string; rates: RarityTable; counts: Record<string, number> }) {
  const pulled = Object.values(props.counts).reduce((a, b) => a + b, 0);
  return (
    <div className="rounded-lg border border-cyan/15 bg-void/50 p-3">
      <h3 className="mb-2 font-display text-xs font-bold uppercase tracking-[0.2em] text-cyan">
        {props.title}
      </h3>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs uppercase tracking-widest text-muted">
            <th className="pb-1 font-semibold">Rarity</th>
            <th className="pb-1 text-right font-semibold">Chance</th>
            <th className="pb-1 text-right font-semibold">Your pulls</th>
          </tr>
        </thead>
        <tbody>
          {props.rates.map(([rarity, percent]) => {
            const mine = props.counts[rarity] ?? 0;
            return (
              <tr key={rarity} className="border-t border-cyan/10">
                <td className="py-1.5">
                  <RarityBadge rarity={rarity} />
                </td>
                <td className="py-1.5 text-right font-display font-bold text-ink">{percent}%</td>
                <td className="py-1.5 text-right tabular-nums text-muted">
                  {mine}
                  {pulled > 0 && <span className="ml-1 text-xs">({Math.round((mine / pulled) * 100)}%)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function RateTables({ counts }: { counts: SummonHistory["counts"] | undefined }) {
  return (
    <div className="space-y-3">
      <div className="grid gap-3 md:grid-cols-2">
        <RateTable title="Single Summon" rates={SINGLE_SUMMON_RATES} counts={counts?.single ?? {}} />
        <RateTable title="10x Summon" rates={TEN_SUMMON_RATES} counts={counts?.ten ?? {}} />
      </div>
      <p className="text-sm text-muted">
        10x Summon: if none of the ten rolls is legendary, the last one becomes legendary.
      </p>
      <p className="flex items-start gap-2 rounded-lg border border-cyan/30 bg-linear-to-r from-cyan/10 to-magenta/10 px-3 py-2 text-sm text-ink">
        <Gem className="mt-0.5 size-4 shrink-0 text-cyan" aria-hidden="true" />
        Diamond bots cannot be summoned: they come only from fusing two level-25 legendary bots.
      </p>
    </div>
  );
}
