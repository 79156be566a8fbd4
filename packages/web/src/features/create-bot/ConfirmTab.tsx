// Confirm: the whole design to review, Back, and Create Bot (blocked without a name or while busy).
import { ChevronLeft, Rocket } from "lucide-react";
import { Button } from "../../ui/Button";
import { BotStatGrid } from "../bots/BotStatGrid";
import { type CreateFormState, modelOf, schemeOf } from "./form";

export function ConfirmTab(props: {
  state: CreateFormState;
  busy: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { form } = props.state;
  const model = modelOf(form.model);
  const scheme = schemeOf(form.colorScheme);
  const rows: [string, string][] = [
    ["Name", form.name.trim() || "—"],
    ["Model", `${model.name} (${model.type})`],
    ["Color Scheme", scheme.name],
    ["Rarity", "Common · Level 1"],
  ];
  return (
    <div className="space-y-5">
      <dl className="divide-y divide-cyan/10 rounded-lg border border-cyan/20 bg-void/60">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-4 px-4 py-2.5">
            <dt className="text-sm font-semibold uppercase tracking-widest text-muted">{label}</dt>
            <dd className="break-words font-display text-sm font-bold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <BotStatGrid stats={form.stats} />
      <p className="text-sm text-muted">Your first bot is free and becomes your active bot.</p>
      <div className="flex justify-between gap-3">
        <Button
          variant="ghost"
          onClick={props.onBack}
          icon={<ChevronLeft className="size-4" aria-hidden="true" />}
        >
          Back
        </Button>
        <Button
          size="lg"
          busy={props.busy}
          disabled={form.name.trim() === ""}
          onClick={props.onCreate}
          icon={<Rocket className="size-4" aria-hidden="true" />}
        >
          Create Bot
        </Button>
      </div>
    </div>
  );
}
