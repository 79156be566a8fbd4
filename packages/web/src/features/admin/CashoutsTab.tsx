// Cash-outs (issue 17): the operators' queue. Pending requests oldest first (player, gamertag, amount, age;
// older than 48 hours flagged, as the bank promises 24-48), each settled once: 'Mark paid' with the payment's
// reference, or 'Refund' with a reason, which puts the coins back in the player's vault. Paid and refunded
// requests stay listed under the filter.
import {
  type AdminCashout,
  adminCashoutMessages,
  CASHOUT_OVERDUE_HOURS,
  type CashoutStatus,
} from "@bot-arena/contract";
import { Banknote, CircleCheck, Undo2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ScreenLoader, ScreenMessage } from "../../app/ScreenState";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { SectionTitle, selectClass } from "./Field";
import { useOpsLog } from "./opsLog";
import { useCashouts, useSettleCashout } from "./useAdmin";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const age = (hours: number) =>
  hours < 1 ? "under an hour" : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`;

type Settling = { cashout: AdminCashout; paid: boolean };

function SettleDialog({ settling, onClose }: { settling: Settling | null; onClose: () => void }) {
  const settle = useSettleCashout();
  const log = useOpsLog();
  const [text, setText] = useState("");
  const paid = settling?.paid ?? true;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settling) return;
    const value = text.trim();
    if (!value)
      return log.record(
        "error",
        paid ? adminCashoutMessages.enterReference : adminCashoutMessages.enterRefundReason,
      );
    try {
      const input = paid
        ? { id: settling.cashout.id, paid: true as const, reference: value }
        : { id: settling.cashout.id, paid: false as const, reason: value };
      log.record("success", (await settle.mutateAsync(input)).message, value);
      setText("");
      onClose();
    } catch (error) {
      log.fail(error, "Action failed");
      onClose();
    }
  };
  const who = settling ? `${formatCoins(settling.cashout.amount)} coins to ${settling.cashout.gamertag}` : "";
  return (
    <Dialog
      open={settling !== null}
      onOpenChange={(open) => !open && onClose()}
      title={paid ? "Mark this cash-out paid" : "Refund this cash-out"}
      description={
        paid
          ? `Confirm the payment of ${who}. Enter the provider's reference for it.`
          : `The ${who} go back to the player's vault. The player sees your reason.`
      }
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={paid ? "Payment reference" : "Reason"}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          placeholder={paid ? "e.g. the provider's payment id" : "e.g. gamertag not found"}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={paid ? "primary" : "danger"} busy={settle.isPending}>
            {paid ? "Mark paid" : "Refund"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CashoutRow({ cashout, onSettle }: { cashout: AdminCashout; onSettle: (paid: boolean) => void }) {
  return (
    <li
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-lg border p-3",
        cashout.overdue ? "border-danger/50 bg-danger/5" : "border-cyan/15 bg-deep/60",
      )}
      data-testid="admin-cashout"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {cashout.username}
          <span className="text-sm font-normal text-muted">→ {cashout.gamertag}</span>
          {cashout.overdue && <Badge tone="danger">Over {CASHOUT_OVERDUE_HOURS} h</Badge>}
        </p>
        <p className="text-xs text-muted">
          {cashout.email} · requested {when.format(new Date(cashout.createdAt))}
          {cashout.status === "pending" && ` · waiting ${age(cashout.ageHours)}`}
        </p>
        {cashout.status !== "pending" && (
          <p className="text-sm text-muted">
            {cashout.status === "paid"
              ? `Paid · ref ${cashout.providerRef}`
              : `Refunded · ${cashout.refundReason}`}
            {cashout.settledAt && ` · ${when.format(new Date(cashout.settledAt))}`}
            {` · by ${cashout.settledBy ?? "the payout provider"}`}
          </p>
        )}
      </div>
      <span className="font-display text-lg font-bold tabular-nums text-amber">
        {formatCoins(cashout.amount)}
      </span>
      {cashout.status === "pending" ? (
        <div className="flex gap-2">
          <Button size="sm" icon={<CircleCheck className="size-4" />} onClick={() => onSettle(true)}>
            Mark paid
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon={<Undo2 className="size-4" />}
            onClick={() => onSettle(false)}
          >
            Refund
          </Button>
        </div>
      ) : (
        <Badge tone={cashout.status === "paid" ? "success" : "danger"}>{cashout.status}</Badge>
      )}
    </li>
  );
}

export function CashoutsTab() {
  const [status, setStatus] = useState<CashoutStatus>("pending");
  const cashouts = useCashouts(status);
  const [settling, setSettling] = useState<Settling | null>(null);
  const list = cashouts.data?.cashouts ?? [];
  const overdue = list.filter((c) => c.overdue).length;
  return (
    <Panel>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 [&>h2]:mb-0">
        <SectionTitle icon={<Banknote />}>Cash-out Requests</SectionTitle>
        <div className="w-full sm:w-52">
          <select
            aria-label="Status"
            className={selectClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as CashoutStatus)}
          >
            <option value="pending">Pending</option>
            <option value="paid">Paid</option>
            <option value="refunded">Refunded</option>
          </select>
        </div>
      </div>
      {status === "pending" && list.length > 0 && (
        <p className="mb-3 text-sm text-muted">
          {list.length} waiting, oldest first
          {overdue > 0 && <span className="text-danger"> · {overdue} over 48 hours</span>}
        </p>
      )}
      {cashouts.isPending ? (
        <ScreenLoader label="Loading the queue" />
      ) : cashouts.isError ? (
        <ScreenMessage title="Failed to load data" onRetry={() => void cashouts.refetch()} />
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-muted">
          {status === "pending" ? "No cash-out is waiting." : `No ${status} cash-outs yet.`}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Cash-out requests">
          {list.map((cashout) => (
            <CashoutRow
              key={cashout.id}
              cashout={cashout}
              onSettle={(paid) => setSettling({ cashout, paid })}
            />
          ))}
        </ul>
      )}
      <SettleDialog settling={settling} onClose={() => setSettling(null)} />
    </Panel>
  );
}
