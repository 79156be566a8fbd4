// Every coin in and out of the player's wallet and vault, newest first, a page at a time, each row naming its
// other side (a player, a tournament, a guild, a war, or the house).
import { ArrowDownLeft, ArrowUpRight, History } from "lucide-react";
import { QueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { formatWhen } from "../../ui/dates";
import { Panel } from "../../ui/Panel";
import { SpinnerArea } from "../../ui/Spinner";
import { formatCoins, formatDelta } from "./coins";
import { entryTitle } from "./ledgerReasons";
import { useLedger } from "./useBank";

const AccountBadge = ({ account }: { account: string }) => (
  <Badge tone={account === "vault" ? "magenta" : "cyan"}>{account}</Badge>
);

export function LedgerHistory() {
  const ledger = useLedger();
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Panel tone="neutral">
      <h2 className="mb-4 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
        <History className="size-5 text-cyan" aria-hidden="true" />
        Coin History
      </h2>
      <QueryView
        query={ledger}
        pending={<SpinnerArea className="py-8" />}
        failed={<p className="py-6 text-center text-muted">Failed to load data</p>}
      >
        {() => (
          <>
            <ul className="divide-y divide-cyan/10" aria-label="Coin history">
              {entries.map((entry) => {
                const incoming = entry.delta > 0;
                const Arrow = incoming ? ArrowDownLeft : ArrowUpRight;
                const title = entryTitle(entry);
                return (
                  <li key={entry.id} className="flex items-center gap-3 py-2.5">
                    <span
                      className={cn(
                        "grid size-8 shrink-0 place-items-center rounded-full border",
                        incoming
                          ? "border-lime/40 bg-lime/10 text-lime"
                          : "border-danger/40 bg-danger/10 text-danger",
                      )}
                    >
                      <Arrow className="size-4" aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-ink [overflow-wrap:anywhere]" title={title}>
                        {title}
                      </p>
                      {entry.note && (
                        <p className="break-words text-sm text-cyan/90" title={entry.note}>
                          “{entry.note}”
                        </p>
                      )}
                      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                        {formatWhen(entry.createdAt)}
                        {entry.counterparty?.kind === "house" && (
                          <span data-testid="ledger-house">· House</span>
                        )}
                        {/* Beside the date on a phone, so the reason keeps the row's width. */}
                        <span className="sm:hidden">
                          <AccountBadge account={entry.account} />
                        </span>
                      </p>
                    </div>
                    <span className="hidden sm:inline">
                      <AccountBadge account={entry.account} />
                    </span>
                    <div className="shrink-0 text-right sm:w-28">
                      <p
                        className={cn(
                          "font-display text-sm font-bold tabular-nums",
                          incoming ? "text-lime" : "text-danger",
                        )}
                      >
                        {formatDelta(entry.delta)}
                      </p>
                      <p className="text-xs tabular-nums text-muted">= {formatCoins(entry.balanceAfter)}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
            {ledger.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="ghost"
                  busy={ledger.isFetchingNextPage}
                  onClick={() => void ledger.fetchNextPage()}
                >
                  Load older
                </Button>
              </div>
            )}
          </>
        )}
      </QueryView>
    </Panel>
  );
}
