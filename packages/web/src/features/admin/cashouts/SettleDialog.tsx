// 'Mark paid' (with the payment's reference) or 'Refund' (with a reason the player reads), each asked for in a
// dialog before the request is settled for good.
import { type AdminCashout, adminCashoutMessages, SETTLEMENT_TEXT_MAX } from "@bot-arena/contract";
import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { Field } from "../../../ui/Input";
import { formatCoins } from "../../bank/coins";
import { useOpsLog } from "../opsLog";
import { useSettleCashout } from "../useAdmin";

export type Settling = { cashout: AdminCashout; paid: boolean };

export function SettleDialog({ settling, onClose }: { settling: Settling | null; onClose: () => void }) {
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
          ? `Confirm the payment of ${who}. Enter the provider's reference for it: the player sees it.`
          : `The ${who} go back to the player's vault. The player sees your reason.`
      }
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={paid ? "Payment reference" : "Reason"}
          value={text}
          maxLength={SETTLEMENT_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder={paid ? "e.g. ZBD's payment id" : "e.g. gamertag not found"}
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
