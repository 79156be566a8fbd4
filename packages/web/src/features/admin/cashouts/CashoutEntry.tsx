// One request of the operators' queue: who asks, for how much and to which gamertag, how long it has waited and
// where it is; the risk score with its reasons, the account's age and battles and its linked accounts; the
// provider's reference and last error; and what the operator may do at this stage.
import { type AdminCashout, adminCashoutMessages, CASHOUT_OVERDUE_HOURS } from "@bot-arena/contract";
import { CircleCheck, Snowflake, Sun, ThumbsUp, Undo2 } from "lucide-react";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { cn } from "../../../ui/cn";
import { formatWhen } from "../../../ui/dates";
import { RetryingNote } from "../../../ui/RetryingNote";
import { formatCoins, formatCount } from "../../bank/coins";
import { formatSats, waited } from "./amounts";
import { LinkedAccounts } from "./LinkedAccounts";
import { RiskSummary } from "./RiskSummary";
import { canApprove, canSettle, isInFlight, stageBadge } from "./stages";

export type CashoutAction = "approve" | "paid" | "refund" | "freeze" | "unfreeze";

function Settled({ cashout }: { cashout: AdminCashout }) {
  return (
    <p className="text-sm text-muted" data-testid="cashout-settled">
      {cashout.status === "paid" ? `Paid · ref ${cashout.providerRef}` : `Refunded · ${cashout.refundReason}`}
      {cashout.settledAt && ` · ${formatWhen(cashout.settledAt)}`}
      {` · by ${cashout.settledBy ?? "the payout provider"}`}
    </p>
  );
}

function Actions({
  cashout,
  onAction,
  busy,
}: {
  cashout: AdminCashout;
  onAction: (action: CashoutAction) => void;
  busy: CashoutAction | null;
}) {
  const icon = "size-4";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canApprove(cashout) && (
        <Button size="sm" icon={<ThumbsUp className={icon} />} onClick={() => onAction("approve")}>
          Approve
        </Button>
      )}
      {canSettle(cashout) && (
        <>
          <Button
            size="sm"
            variant={canApprove(cashout) ? "ghost" : "primary"}
            icon={<CircleCheck className={icon} />}
            onClick={() => onAction("paid")}
          >
            Mark paid
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon={<Undo2 className={icon} />}
            onClick={() => onAction("refund")}
          >
            Refund
          </Button>
        </>
      )}
      {isInFlight(cashout) && <p className="text-sm text-muted">{adminCashoutMessages.inFlight}</p>}
      {cashout.frozen ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<Sun className={icon} />}
          busy={busy === "unfreeze"}
          onClick={() => onAction("unfreeze")}
        >
          Unfreeze
        </Button>
      ) : (
        <Button
          size="sm"
          variant="dangerOutline"
          icon={<Snowflake className={icon} />}
          onClick={() => onAction("freeze")}
        >
          Freeze
        </Button>
      )}
    </div>
  );
}

export function CashoutEntry({
  cashout,
  onAction,
  busy = null,
}: {
  cashout: AdminCashout;
  onAction: (action: CashoutAction) => void;
  busy?: CashoutAction | null;
}) {
  const pending = cashout.status === "pending";
  const stage = stageBadge[cashout.stage];
  return (
    <li
      className={cn(
        "space-y-3 rounded-lg border p-3 sm:p-4",
        cashout.overdue ? "border-danger/50 bg-danger/5" : "border-cyan/15 bg-deep/60",
      )}
      data-testid="admin-cashout"
      data-stage={cashout.stage}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
            <span className="break-all">{cashout.username}</span>
            <span className="break-all text-sm font-normal text-muted">→ {cashout.gamertag}</span>
          </p>
          <p className="flex flex-wrap gap-1.5">
            {pending && <Badge tone={stage.tone}>{stage.label}</Badge>}
            {cashout.overdue && <Badge tone="danger">Over {CASHOUT_OVERDUE_HOURS} h</Badge>}
            {cashout.frozen && (
              <Badge tone="cyan">
                <Snowflake className="size-3" aria-hidden="true" />
                Frozen
              </Badge>
            )}
            {!pending && (
              <Badge tone={cashout.status === "paid" ? "success" : "danger"}>{cashout.status}</Badge>
            )}
          </p>
        </div>
        <p className="text-right">
          <span className="block font-display text-lg font-bold tabular-nums text-amber">
            {formatCoins(cashout.amount)} coins
          </span>
          {cashout.amountMsats !== null && (
            <span className="text-xs tabular-nums text-muted">{formatSats(cashout.amountMsats)}</span>
          )}
        </p>
      </div>
      <p className="wrap-anywhere text-xs text-muted">
        {cashout.email} · requested {formatWhen(cashout.createdAt)}
        {pending && ` · waiting ${waited(cashout.ageHours)}`}
      </p>
      <p className="text-sm text-ink" data-testid="cashout-account">
        Account {formatCount(cashout.accountDays, "day")} old · {formatCount(cashout.battles, "battle")}
        {cashout.frozen && cashout.frozenReason && (
          <span className="text-cyan"> · frozen: {cashout.frozenReason}</span>
        )}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <RiskSummary risk={cashout.risk} />
        <LinkedAccounts linked={cashout.linked} />
      </div>
      {pending && cashout.providerRef !== null && (
        <p className="text-sm text-muted">
          ZBD reference: <span className="break-all font-mono text-ink">{cashout.providerRef}</span>
        </p>
      )}
      {cashout.lastError !== null && (
        <RetryingNote
          headline={pending ? "The payout failed: the runner tries again" : "The payout's last error"}
          error={cashout.lastError}
          testId="cashout-last-error"
          errorTestId="cashout-last-error-text"
        />
      )}
      {!pending && <Settled cashout={cashout} />}
      <Actions cashout={cashout} onAction={onAction} busy={busy} />
    </li>
  );
}
