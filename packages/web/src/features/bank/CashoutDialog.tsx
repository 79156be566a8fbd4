// The cash-out form for an external wallet: a gamertag (at most 35 characters) and an amount within the vault.
import type { CashoutBody } from "@bot-arena/contract";
import { CASHOUT_GAMERTAG_MAX, CASHOUT_PROCESSING_HOURS, messages } from "@bot-arena/game";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";
import { coinsFromInput, formatCoins } from "./coins";

type CashoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vaultCoins: number;
  busy: boolean;
  onSubmit: (body: CashoutBody) => Promise<{ message: string }>;
};

export function CashoutDialog({ open, onOpenChange, vaultCoins, busy, onSubmit }: CashoutDialogProps) {
  const [gamertag, setGamertag] = useState("");
  const [amountText, setAmountText] = useState("");
  const [error, setError] = useState<{ gamertag?: string; amount?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tag = gamertag.trim();
    if (tag === "" || tag.length > CASHOUT_GAMERTAG_MAX) {
      setError({ gamertag: messages.invalidGamertag });
      toast.error(messages.invalidGamertag);
      return;
    }
    const amount = coinsFromInput(amountText);
    if (amount === null || amount > vaultCoins) {
      const message = amount === null ? messages.enterValidAmount : messages.insufficientVault;
      setError({ amount: message });
      toast.error(message);
      return;
    }
    setError({});
    try {
      const answer = await onSubmit({ gamertag: tag, amount });
      toast.success(answer.message);
      setGamertag("");
      setAmountText("");
      onOpenChange(false);
    } catch (failure) {
      toast.error(errorMessage(failure, messages.cashoutFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cash Out"
      description={`Send vault coins to your external wallet. Processing takes ${CASHOUT_PROCESSING_HOURS[0]}-${CASHOUT_PROCESSING_HOURS[1]} hours.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Gamertag"
          value={gamertag}
          onChange={(event) => {
            setGamertag(event.target.value);
            setError({});
          }}
          error={error.gamertag}
          hint={`${gamertag.length}/${CASHOUT_GAMERTAG_MAX} characters`}
          autoComplete="off"
        />
        <Field
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          max={vaultCoins}
          step={1}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            setError({});
          }}
          error={error.amount}
          hint={`Vault balance: ${formatCoins(vaultCoins)} coins`}
        />
        <Button
          type="submit"
          busy={busy}
          icon={<Send className="size-4" aria-hidden="true" />}
          className="w-full"
        >
          Request Cash Out
        </Button>
      </form>
    </Dialog>
  );
}
