// The accounts linked to a requester (a shared device or address) and the coins that moved between them: the
// farm an operator is looking for. A shared address can link dozens (a campus, a carrier), so the first few show
// and the rest wait behind a button; those sharing a device, and those that moved coins, come first.
import type { LinkedAccount } from "@bot-arena/contract";
import { Link2, Snowflake } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../ui/Badge";
import { cn } from "../../../ui/cn";
import { formatCoins } from "../../bank/coins";

const SHOWN = 3;

const moved = (link: LinkedAccount) => link.coinsIn + link.coinsOut;
const byConcern = (a: LinkedAccount, b: LinkedAccount) =>
  Number(b.device) - Number(a.device) || moved(b) - moved(a);

function LinkRow({ link }: { link: LinkedAccount }) {
  return (
    <li className="flex items-start justify-between gap-3 py-1.5" data-testid="linked-account">
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="break-all font-semibold text-ink">{link.username}</span>
        {link.device && <Badge tone="magenta">Same device</Badge>}
        {link.address && <Badge tone="neutral">Same address</Badge>}
        {link.frozen && (
          <Badge tone="cyan">
            <Snowflake className="size-3" aria-hidden="true" />
            Frozen
          </Badge>
        )}
      </span>
      <span
        className={cn("shrink-0 pt-0.5 text-xs tabular-nums", moved(link) > 0 ? "text-amber" : "text-muted")}
      >
        {formatCoins(link.coinsIn)} in · {formatCoins(link.coinsOut)} out
      </span>
    </li>
  );
}

export function LinkedAccounts({ linked }: { linked: readonly LinkedAccount[] }) {
  const [all, setAll] = useState(false);
  const ordered = [...linked].sort(byConcern);
  const shown = all ? ordered : ordered.slice(0, SHOWN);
  return (
    <section className="space-y-1" aria-label="Linked accounts" data-testid="cashout-linked">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-widest text-muted">
        <Link2 className="size-4 text-cyan" aria-hidden="true" />
        Linked accounts ({linked.length})
      </p>
      {linked.length === 0 ? (
        <p className="text-sm text-muted">None on this device or address</p>
      ) : (
        <>
          <ul className="divide-y divide-cyan/10 text-sm">
            {shown.map((link) => (
              <LinkRow key={link.userId} link={link} />
            ))}
          </ul>
          {ordered.length > SHOWN && (
            <button
              type="button"
              onClick={() => setAll((open) => !open)}
              aria-expanded={all}
              className="min-h-6 cursor-pointer text-sm font-semibold text-cyan hover:underline"
            >
              {all ? "Show fewer" : `Show all ${linked.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
