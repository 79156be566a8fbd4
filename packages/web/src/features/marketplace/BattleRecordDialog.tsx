// A listed bot's last battles, each opening its replay, so a buyer can see how it actually fights.
import type { MarketplaceListing } from "@bot-arena/contract";
import { Bot as BotIcon, Swords, User } from "lucide-react";
import { Link } from "react-router";
import { QueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Dialog } from "../../ui/Dialog";
import { formatWhen } from "../../ui/dates";
import { SpinnerArea } from "../../ui/Spinner";
import { useListingBattles } from "./useMarketplace";

export function BattleRecordDialog({
  listing,
  onClose,
}: {
  listing: MarketplaceListing | null;
  onClose: () => void;
}) {
  const battles = useListingBattles(listing?.id ?? null);
  return (
    <Dialog
      open={listing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={listing ? `${listing.bot.name}: battle history` : "Battle history"}
      description={
        listing ? `${listing.bot.wins} wins, ${listing.bot.losses} losses. Its latest battles:` : undefined
      }
    >
      <QueryView
        query={battles}
        pending={<SpinnerArea className="py-6" />}
        failed={<p className="text-muted">Failed to load data</p>}
      >
        {(record) =>
          record.length === 0 ? (
            <p className="flex items-center gap-2 text-muted">
              <Swords className="size-4" aria-hidden="true" />
              No battles fought yet.
            </p>
          ) : (
            <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
              {record.map((battle) => (
                <li key={battle.id}>
                  <Link
                    to={`/battles/${battle.id}`}
                    className="flex items-center gap-3 rounded-md border border-cyan/15 bg-void/50 px-3 py-2 transition hover:border-cyan/60"
                  >
                    <Badge tone={battle.won ? "success" : "danger"}>{battle.won ? "Win" : "Loss"}</Badge>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-1.5 break-words font-semibold text-ink">
                        {battle.opponentIsAi ? (
                          <BotIcon className="size-3.5 shrink-0" aria-hidden="true" />
                        ) : (
                          <User className="size-3.5 shrink-0" aria-hidden="true" />
                        )}
                        vs {battle.opponentName} · Lv. {battle.opponentLevel}
                      </span>
                      <span className="text-xs text-muted">
                        {battle.kind.toUpperCase()} · {battle.rounds} rounds · {formatWhen(battle.createdAt)}
                      </span>
                    </span>
                    <span className="text-xs font-semibold uppercase tracking-widest text-cyan">Replay</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </Dialog>
  );
}
