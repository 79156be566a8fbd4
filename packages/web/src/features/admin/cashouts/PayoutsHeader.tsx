// Who pays the queue's requests: the record-only provider (the operators pay by hand and mark them paid) or ZBD,
// with the project wallet's balance, a warning once it runs low and how many requests wait for it to be topped up.
import type { PayoutsStanding } from "@bot-arena/contract";
import { TriangleAlert, Wallet } from "lucide-react";
import { Badge } from "../../../ui/Badge";
import { cn } from "../../../ui/cn";
import { formatCoins, formatCount } from "../../bank/coins";
import { formatSats } from "./amounts";

function WalletBalance({ payouts }: { payouts: PayoutsStanding }) {
  if (payouts.walletCoins === null || payouts.walletMsats === null)
    return <span className="text-muted">Wallet balance unknown: ZBD did not answer</span>;
  return (
    <span className="text-ink">
      Wallet{" "}
      <span className="font-display font-bold tabular-nums text-amber">
        {formatCoins(payouts.walletCoins)} coins
      </span>{" "}
      <span className="text-muted">({formatSats(payouts.walletMsats)})</span>
    </span>
  );
}

export function PayoutsHeader({ payouts }: { payouts: PayoutsStanding }) {
  const zbd = payouts.provider === "zbd";
  return (
    <div
      className={cn(
        "mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border px-3 py-2 text-sm",
        payouts.low ? "border-danger/50 bg-danger/5" : "border-cyan/20 bg-deep/60",
      )}
      data-testid="payouts-header"
    >
      <span className="flex items-center gap-2 font-semibold text-ink">
        <Wallet className="size-4 text-cyan" aria-hidden="true" />
        {zbd ? "Paid through ZBD" : "Record only"}
      </span>
      {zbd ? (
        <WalletBalance payouts={payouts} />
      ) : (
        <span className="text-muted">Pay each approved request yourself, then mark it paid.</span>
      )}
      {payouts.low && (
        <Badge tone="danger">
          <TriangleAlert className="size-3" aria-hidden="true" />
          Wallet low: top it up
        </Badge>
      )}
      {payouts.held > 0 && (
        <span className="text-danger">
          {formatCount(payouts.held, "request")} held until the wallet holds enough
        </span>
      )}
    </div>
  );
}
