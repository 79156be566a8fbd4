// Freezing an account asks for a reason (the operations log keeps it) and, by default, freezes the accounts
// linked to it as well: a farm is many accounts, and one left open would still trade and cash out.
import { type AdminCashout, adminCashoutMessages, SETTLEMENT_TEXT_MAX } from "@bot-arena/contract";
import { type FormEvent, useId, useState } from "react";
import { useMe } from "../../../app/session";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { Field } from "../../../ui/Input";
import { formatCount } from "../../bank/coins";
import { useOpsLog } from "../opsLog";
import { useFreezeAccount } from "../useAdmin";

export function FreezeDialog({ cashout, onClose }: { cashout: AdminCashout | null; onClose: () => void }) {
  const freeze = useFreezeAccount();
  const log = useOpsLog();
  const [reason, setReason] = useState("");
  const [withLinked, setWithLinked] = useState(true);
  const checkboxId = useId();
  // The server never freezes the admin who asks, who may well share an address with the farm.
  const me = useMe().data;
  const linkedOpen = cashout?.linked.filter((link) => !link.frozen && link.userId !== me?.id).length ?? 0;
  const close = () => {
    setReason("");
    setWithLinked(true);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cashout) return;
    const value = reason.trim();
    if (!value) return log.record("error", adminCashoutMessages.enterFreezeReason);
    try {
      const answer = await freeze.mutateAsync({
        userId: cashout.userId,
        reason: value,
        linked: withLinked && linkedOpen > 0,
      });
      log.record("success", answer.message, answer.frozen.map((account) => account.username).join(", "));
    } catch (error) {
      log.fail(error, "Action failed");
    }
    close();
  };
  return (
    <Dialog
      open={cashout !== null}
      onOpenChange={(open) => !open && close()}
      title={cashout ? `Freeze ${cashout.username}?` : "Freeze"}
      description="A frozen account can still play, but cannot cash out, trade on the marketplace or donate. Its player sees that it is frozen for review."
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Reason"
          value={reason}
          maxLength={SETTLEMENT_TEXT_MAX}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. sign-up coins farmed through linked accounts"
        />
        {linkedOpen > 0 && (
          <label htmlFor={checkboxId} className="flex cursor-pointer items-center gap-3 text-ink">
            <input
              id={checkboxId}
              type="checkbox"
              checked={withLinked}
              onChange={(e) => setWithLinked(e.target.checked)}
              className="size-6 shrink-0 cursor-pointer accent-cyan"
            />
            Also freeze {formatCount(linkedOpen, "linked account")}
          </label>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={freeze.isPending}>
            Freeze
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
