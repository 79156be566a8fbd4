// An admin's mute: how long and why. The server writes it to the operations log and tells the player.
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";

export const MUTE_LENGTHS = [
  { minutes: 5, label: "5 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 1440, label: "1 day" },
  { minutes: 10080, label: "7 days" },
] as const;

export function MuteDialog({
  username,
  open,
  busy,
  onOpenChange,
  onMute,
}: {
  username: string;
  open: boolean;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onMute(minutes: number, reason: string): void;
}) {
  const [minutes, setMinutes] = useState<number>(MUTE_LENGTHS[0].minutes);
  const [reason, setReason] = useState("");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Mute ${username}`}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onMute(minutes, reason);
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold uppercase tracking-[0.14em] text-muted">
            For how long
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {MUTE_LENGTHS.map((length) => (
              <label
                key={length.minutes}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-cyan/25 px-3 py-2 text-sm has-checked:border-cyan has-checked:bg-cyan/10"
              >
                <input
                  type="radio"
                  name="mute-length"
                  checked={minutes === length.minutes}
                  onChange={() => setMinutes(length.minutes)}
                  className="accent-cyan"
                />
                {length.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" variant="danger" className="w-full" busy={busy}>
          Mute
        </Button>
      </form>
    </Dialog>
  );
}
