// Design: the name (30 characters), one of the five models, one of the eight colour schemes.
import { BOT_MODELS, BOT_NAME_MAX, CREATION_COLOR_SCHEMES } from "@bot-arena/game";
import { ChevronRight, Crosshair, Gauge, Shield, Sparkles, Wind } from "lucide-react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Field } from "../../ui/Input";
import type { CreateFormState } from "./form";

const modelIcons = { Offensive: Crosshair, Tank: Shield, Speed: Wind, Tactical: Gauge, Balanced: Sparkles };

export function DesignTab({ state, onNext }: { state: CreateFormState; onNext: () => void }) {
  const { form } = state;
  return (
    <div className="space-y-6">
      <Field
        label="Bot Name"
        value={form.name}
        maxLength={BOT_NAME_MAX}
        placeholder="e.g. Iron Vanguard"
        autoComplete="off"
        hint={`${form.name.length}/${BOT_NAME_MAX} characters`}
        onChange={(event) => state.setName(event.target.value)}
      />

      <fieldset>
        <legend className="mb-2 text-sm font-semibold uppercase tracking-[0.14em] text-muted">Model</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {BOT_MODELS.map((model) => {
            const Icon = modelIcons[model.type];
            const selected = model.name === form.model;
            return (
              <label
                key={model.name}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border p-3 transition has-focus-visible:ring-2 has-focus-visible:ring-cyan",
                  selected
                    ? "border-cyan bg-cyan/10 shadow-neon-cyan"
                    : "border-cyan/15 bg-void/50 hover:border-cyan/50",
                )}
              >
                <input
                  type="radio"
                  name="model"
                  value={model.name}
                  checked={selected}
                  onChange={() => state.setModel(model.name)}
                  className="sr-only"
                />
                <Icon
                  className={cn("mt-0.5 size-5 shrink-0", selected ? "text-cyan" : "text-muted")}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block font-display text-sm font-bold uppercase text-ink">
                    {model.name}
                  </span>
                  <span className="block text-xs font-semibold uppercase tracking-widest text-magenta">
                    {model.type} · {model.bonusStat === "all" ? "all stats" : model.bonusStat}
                  </span>
                  <span className="mt-1 block text-sm leading-snug text-muted">{model.description}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold uppercase tracking-[0.14em] text-muted">
          Color Scheme
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CREATION_COLOR_SCHEMES.map((scheme) => {
            const selected = scheme.name === form.colorScheme;
            return (
              <label
                key={scheme.name}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-2 transition has-focus-visible:ring-2 has-focus-visible:ring-cyan",
                  selected
                    ? "border-cyan bg-cyan/10 shadow-neon-cyan"
                    : "border-cyan/15 bg-void/50 hover:border-cyan/50",
                )}
              >
                <input
                  type="radio"
                  name="colorScheme"
                  value={scheme.name}
                  checked={selected}
                  onChange={() => state.setColorScheme(scheme.name)}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className="size-7 shrink-0 rounded-md border border-white/20"
                  style={{
                    backgroundImage: `linear-gradient(135deg, ${scheme.primary} 50%, ${scheme.secondary} 50%)`,
                  }}
                />
                <span className="text-sm font-semibold leading-tight text-ink">{scheme.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="flex justify-end">
        <Button onClick={onNext} icon={<ChevronRight className="size-4" aria-hidden="true" />}>
          Next
        </Button>
      </div>
    </div>
  );
}
