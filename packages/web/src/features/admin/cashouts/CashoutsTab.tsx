// Cash-outs (issues 17 and 38): the operators' queue. Pending requests oldest first (older than 48 hours flagged,
// as the bank promises 24-48), with who pays them (record-only or ZBD and its wallet), each request's risk and
// linked accounts, and the actions its stage allows: Approve a request held for review, Mark paid, Refund with a
// reason, Freeze the account (and its linked ones) or Unfreeze it. Paid and refunded requests stay listed under
// the filter. Approve asks first, as Stop and End Now do: it sends real money.
import type { AdminCashout, CashoutStatus } from "@bot-arena/contract";
import { Banknote } from "lucide-react";
import { useState } from "react";
import { ScreenQueryView } from "../../../app/QueryView";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { Panel } from "../../../ui/Panel";
import { formatCoins } from "../../bank/coins";
import { SectionTitle, selectClass } from "../Field";
import { useOpsLog } from "../opsLog";
import { useApproveCashout, useCashouts, useUnfreezeAccount } from "../useAdmin";
import { type CashoutAction, CashoutEntry } from "./CashoutEntry";
import { FreezeDialog } from "./FreezeDialog";
import { PayoutsHeader } from "./PayoutsHeader";
import { SettleDialog, type Settling } from "./SettleDialog";

function approvalText(cashout: AdminCashout, provider: string) {
  const what = `${formatCoins(cashout.amount)} coins to ${cashout.gamertag}`;
  return provider === "zbd"
    ? `${what} are sent through ZBD now. A payment cannot be taken back.`
    : `${what} move to 'Pay by hand': pay them, then mark the request paid.`;
}

export function CashoutsTab() {
  const [status, setStatus] = useState<CashoutStatus>("pending");
  const cashouts = useCashouts(status);
  const approve = useApproveCashout();
  const unfreeze = useUnfreezeAccount();
  const log = useOpsLog();
  const [settling, setSettling] = useState<Settling | null>(null);
  const [approving, setApproving] = useState<AdminCashout | null>(null);
  const [freezing, setFreezing] = useState<AdminCashout | null>(null);
  const list = cashouts.data?.cashouts ?? [];
  const overdue = list.filter((c) => c.overdue).length;
  const provider = cashouts.data?.payouts.provider ?? "record-only";

  const run = async (send: Promise<{ message: string }>) => {
    try {
      log.record("success", (await send).message);
    } catch (error) {
      log.fail(error, "Action failed");
    }
  };
  const act = (cashout: AdminCashout, action: CashoutAction) => {
    if (action === "approve") setApproving(cashout);
    else if (action === "freeze") setFreezing(cashout);
    else if (action === "unfreeze") void run(unfreeze.mutateAsync(cashout.userId));
    else setSettling({ cashout, paid: action === "paid" });
  };

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
      {cashouts.data && <PayoutsHeader payouts={cashouts.data.payouts} />}
      {status === "pending" && list.length > 0 && (
        <p className="mb-3 text-sm text-muted">
          {list.length} waiting, oldest first
          {overdue > 0 && <span className="text-danger"> · {overdue} over 48 hours</span>}
        </p>
      )}
      <ScreenQueryView query={cashouts} loading="Loading the queue" title="Failed to load data">
        {() =>
          list.length === 0 ? (
            <p className="py-6 text-center text-muted">
              {status === "pending" ? "No cash-out is waiting." : `No ${status} cash-outs yet.`}
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Cash-out requests">
              {list.map((cashout) => (
                <CashoutEntry
                  key={cashout.id}
                  cashout={cashout}
                  busy={unfreeze.isPending && unfreeze.variables === cashout.userId ? "unfreeze" : null}
                  onAction={(action) => act(cashout, action)}
                />
              ))}
            </ul>
          )
        }
      </ScreenQueryView>
      <SettleDialog settling={settling} onClose={() => setSettling(null)} />
      <FreezeDialog cashout={freezing} onClose={() => setFreezing(null)} />
      {approving && (
        <ConfirmDialog
          open
          title="Approve this cash-out?"
          description={approvalText(approving, provider)}
          confirmLabel="Approve"
          busy={approve.isPending}
          onCancel={() => setApproving(null)}
          onConfirm={() => void run(approve.mutateAsync(approving.id)).finally(() => setApproving(null))}
        />
      )}
    </Panel>
  );
}
