// Naming a summoned bot: 3 to 50 characters, Continue disabled below 3. In the summon flow it cannot be
// dismissed; opened from Bot Command (`onClose`) it can.
import type { Bot } from "@bot-arena/contract";
import { SUMMON_NAME_MAX, SUMMON_NAME_MIN, validateSummonName } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Wand2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { replaceCachedBot, useBots } from "../bots/useBots";
import { suggestBotName } from "./quickSetup";

export function NameDialog({ bot, onClose }: { bot: Bot; onClose?: () => void }) {
  const [name, setName] = useState("");
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (value: string) => call("nameBot", { params: { id: bot.id }, body: { name: value } }),
    onSuccess: (named) => replaceCachedBot(queryClient, named),
    onError: (error) => toast.error(errorMessage(error, "Failed to name bot")),
  });
  const long = name.trim().length >= SUMMON_NAME_MIN;
  const roster = useBots().data ?? [];
  const suggest = () =>
    setName(
      suggestBotName(
        Math.random,
        roster.map((b) => b.name),
      ),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateSummonName(name);
    if (!check.ok) return void toast.error(check.message);
    save.mutate(check.value);
  };

  return (
    <Dialog
      open
      dismissible={onClose !== undefined}
      onOpenChange={(open) => !open && onClose?.()}
      title="Name Your Bot"
      description="Every legend needs a name."
    >
      <form onSubmit={submit} className="space-y-5">
        <div className="flex items-center gap-4">
          <BotImage bot={bot} quiet className="w-24 shrink-0" />
          <div data-testid="summoned-rarity" data-rarity={bot.rarity}>
            <RarityBadge rarity={bot.rarity} />
            <p className="mt-1 font-display text-sm font-bold uppercase text-ink">{bot.model}</p>
            <p className="text-sm capitalize text-muted">{bot.botClass}</p>
          </div>
        </div>
        <Field
          label="Bot name"
          value={name}
          maxLength={SUMMON_NAME_MAX}
          autoFocus
          autoComplete="off"
          placeholder="e.g. Quantum Reaper"
          hint={`${SUMMON_NAME_MIN} to ${SUMMON_NAME_MAX} characters (${name.trim().length}/${SUMMON_NAME_MAX})`}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="ghost"
            onClick={suggest}
            disabled={save.isPending}
            icon={<Wand2 className="size-4" aria-hidden="true" />}
          >
            Suggest a name
          </Button>
          <Button
            type="submit"
            disabled={!long}
            busy={save.isPending}
            icon={<ChevronRight className="size-4" aria-hidden="true" />}
          >
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
