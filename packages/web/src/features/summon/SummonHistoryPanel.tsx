// The player's pull history, newest first, a page at a time.
import type { SummonHistory } from "@bot-arena/contract";
import { ChevronLeft, ChevronRight, History } from "lucide-react";
import { formatWhen } from "../../ui/dates";
import { IconButton } from "../../ui/IconButton";
import { RarityBadge } from "../bots/RarityBadge";

export function SummonHistoryPanel(props: {
  history: SummonHistory | undefined;
  onPage: (page: number) => void;
}) {
  const { history } = props;
  const pages = history ? Math.max(1, Math.ceil(history.total / history.pageSize)) : 1;
  return (
    <section aria-label="Summon history">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-display text-sm font-bold uppercase tracking-[0.25em] text-magenta">
          <History className="size-4" aria-hidden="true" /> Pull History
        </h2>
        {history && history.total > 0 && (
          <div className="flex items-center gap-2 text-sm text-muted">
            <IconButton
              label="Newer pulls"
              size="sm"
              disabled={history.page <= 1}
              onClick={() => props.onPage(history.page - 1)}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </IconButton>
            <span className="tabular-nums">
              {history.page} / {pages}
            </span>
            <IconButton
              label="Older pulls"
              size="sm"
              disabled={history.page >= pages}
              onClick={() => props.onPage(history.page + 1)}
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </IconButton>
          </div>
        )}
      </div>
      {!history || history.total === 0 ? (
        <p className="rounded-lg border border-dashed border-cyan/20 px-4 py-6 text-center text-muted">
          No pulls yet. Your first summon will show up here.
        </p>
      ) : (
        <ol
          className="divide-y divide-cyan/10 rounded-lg border border-cyan/15 bg-void/50"
          data-testid="summon-history"
        >
          {history.rolls.map((roll) => (
            <li key={roll.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <RarityBadge rarity={roll.rarity} className="w-24 justify-center" />
              <span className="min-w-0 flex-1 break-words font-semibold text-ink">
                {roll.botName ?? <span className="text-muted italic">recycled or traded</span>}
              </span>
              <span className="hidden rounded-sm bg-steel/60 px-1.5 py-0.5 text-xs font-bold uppercase text-muted sm:inline">
                {roll.mode === "ten" ? "10x" : "Single"}
              </span>
              <time className="shrink-0 text-xs text-muted" dateTime={roll.createdAt}>
                {formatWhen(roll.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
