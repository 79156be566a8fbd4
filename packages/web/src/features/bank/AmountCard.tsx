// One vault action as a card: an amount field capped at `max`, quick picks, and the action's button. Deposit
// and withdraw are both this card; the server still decides, the cap only guides the player.
import { messages } from "@bot-arena/game";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { Input } from "../../ui/Input";
import { Panel, type PanelTone } from "../../ui/Panel";
import { coinsFromInput, formatCoins } from "./coins";

type AmountCardProps = {
  title: string;
  icon: ReactNode;
  tone: PanelTone;
  /** Explains the cap, e.g. "320 of today's 500 left". */
  hint: ReactNode;
  max: number;
  action: string;
  busy: boolean;
  onSubmit: (amount: number) => Promise<unknown>;
  children?: ReactNode;
};

export function AmountCard({
  title,
  icon,
  tone,
  hint,
  max,
  action,
  busy,
  onSubmit,
  children,
}: AmountCardProps) {
  const [text, setText] = useState("");
  const inputId = useId();
  const picks = [...new Set([Math.floor(max / 4), Math.floor(max / 2), max])].filter((value) => value > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = coinsFromInput(text);
    if (amount === null) {
      toast.error(messages.enterValidAmount);
      return;
    }
    try {
      await onSubmit(amount);
      setText("");
    } catch {
      // The page toasts the server's message; the typed amount stays for a correction.
    }
  };

  return (
    <Panel tone={tone} className="h-full">
      <form onSubmit={submit} className="flex h-full flex-col gap-4" noValidate>
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-md border border-cyan/30 bg-cyan/10 text-cyan">
            {icon}
          </span>
          <div>
            <h2 className="font-display text-base font-bold uppercase tracking-widest text-ink">{title}</h2>
            <p className="text-sm text-muted">{hint}</p>
          </div>
        </div>
        {children}
        <div className="space-y-2">
          <label htmlFor={inputId} className="sr-only">
            {title} amount
          </label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            placeholder={max > 0 ? `1 – ${formatCoins(max)}` : "Nothing available"}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {picks.map((pick) => (
              <button
                key={pick}
                type="button"
                onClick={() => setText(String(pick))}
                className="cursor-pointer rounded-sm border border-cyan/25 px-2 py-1 font-display text-[0.65rem] font-bold uppercase tracking-widest text-cyan/80 transition hover:border-cyan hover:text-cyan"
              >
                {pick === max ? `Max ${formatCoins(pick)}` : formatCoins(pick)}
              </button>
            ))}
          </div>
        </div>
        <Button type="submit" busy={busy} className="mt-auto w-full">
          {action}
        </Button>
      </form>
    </Panel>
  );
}
