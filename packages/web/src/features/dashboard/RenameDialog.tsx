// Renaming for 5 coins: a 30-character field with its counter.
import type { Bot } from "@bot-arena/contract";
import { BOT_NAME_MAX, messages, RENAME_COST, validateRename } from "@bot-arena/game";
import { Coins, Pencil } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";

type RenameDialogProps = {
  bot: Bot | null;
  coins: number;
  busy: boolean;
  onClose: () => void;
  onRename: (name: string) => Promise<unknown>;
};

export function RenameDialog({ bot, coins, busy, onClose, onRename }: RenameDialogProps) {
  const [name, setName] = useState("");
  useEffect(() => setName(bot?.name ?? ""), [bot]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateRename(name);
    if (!check.ok) return void toast.error(messages.enterValidName);
    if (coins < RENAME_COST) return void toast.error(messages.renameNeedsCoins);
    try {
      await onRename(check.value);
      onClose();
    } catch {
      // The mutation already showed the refusal; the dialog stays for another try.
    }
  };

  return (
    <Dialog
      open={bot !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Rename Bot"
      description={
        <span className="inline-flex items-center gap-1.5">
          Renaming costs <Coins className="size-4 text-amber" aria-hidden="true" />
          <strong className="text-amber">{RENAME_COST} coins</strong>.
        </span>
      }
    >
      <form onSubmit={submit} className="space-y-5">
        <Field
          label="New name"
          value={name}
          maxLength={BOT_NAME_MAX}
          autoComplete="off"
          autoFocus
          hint={`${name.length}/${BOT_NAME_MAX}`}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} icon={<Pencil className="size-4" aria-hidden="true" />}>
            Rename ({RENAME_COST})
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
