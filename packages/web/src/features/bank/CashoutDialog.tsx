// The cash-out form: a ZBD gamertag (the field takes no 36th character) and an amount within what the house rules
// allow now. The refusals the server would give are shown before asking it; the server still decides.
import type { CashoutBody, CashoutStanding } from "@bot-arena/contract";
import { CASHOUT_GAMERTAG_MAX, CASHOUT_PROCESSING_HOURS, cashoutMessages, messages } from "@bot-arena/game";
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
  standing: CashoutStanding;
  busy: boolean;
  onSubmit: (body: CashoutBody) => Promise<{ message: string }>;
};

/** The refusal an amount would get, the vault's first (the spec's order), or null. */
function amountRefusal(amount: number | null, vaultCoins: number, standing: CashoutStanding) {
  if (amount === null) return messages.enterValidAmount;
  if (amount > vaultCoins) return messages.insufficientVault;
  if (amount > standing.leftToday) return cashoutMessages.dailyLeft(standing.dailyMax, standing.leftToday);
  return null;
}

export function CashoutDialog({
  open,
  onOpenChange,
  vaultCoins,
  standing,
  busy,
  onSubmit,
}: CashoutDialogProps) {
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
    const refusal = amountRefusal(amount, vaultCoins, standing);
    if (refusal !== null || amount === null) {
      const message = refusal ?? messages.enterValidAmount;
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
      description={`Send vault coins to your ZBD gamertag. Up to ${formatCoins(standing.autoMax)} coins with nothing unusual go out at once; anything else is reviewed within ${CASHOUT_PROCESSING_HOURS[0]}-${CASHOUT_PROCESSING_HOURS[1]} hours.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Gamertag"
          value={gamertag}
          maxLength={CASHOUT_GAMERTAG_MAX}
          onChange={(event) => {
            setGamertag(event.target.value);
            setError({});
          }}
          error={error.gamertag}
          hint={`${gamertag.length}/${CASHOUT_GAMERTAG_MAX} characters`}
          autoComplete="off"
          spellCheck={false}
        />
        <Field
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          max={standing.availableNow}
          step={1}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            setError({});
          }}
          error={error.amount}
          hint={`Up to ${formatCoins(standing.availableNow)} now: ${formatCoins(vaultCoins)} in the vault, ${formatCoins(standing.leftToday)} left today`}
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
