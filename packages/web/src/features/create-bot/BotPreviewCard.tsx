// The live preview beside the form: the mecha the server would draw (name debounced so typing does not
// redraw on every key), then name, model and type, colours and the four stats.
import { CREATION_STAT_MAX } from "@bot-arena/game";
import { Cpu } from "lucide-react";
import { useEffect, useState } from "react";
import { hrefOf } from "../../app/call";
import { Badge } from "../../ui/Badge";
import { Panel } from "../../ui/Panel";
import { StatBar } from "../../ui/StatBar";
import { statLook, statOrder } from "../bots/BotStatGrid";
import { type CreateForm, modelOf, schemeOf } from "./form";

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function BotPreviewCard({ form }: { form: CreateForm }) {
  const model = modelOf(form.model);
  const scheme = schemeOf(form.colorScheme);
  const name = useDebounced(form.name.trim(), 450);
  const src = hrefOf("previewBot", { query: { name, model: form.model, colorScheme: form.colorScheme } });
  const [loaded, setLoaded] = useState<string | null>(null);

  return (
    <Panel className="lg:sticky lg:top-24" aria-label="Bot preview">
      <div
        className="relative aspect-square overflow-hidden rounded-lg"
        style={{
          backgroundImage: `radial-gradient(circle at 50% 40%, ${scheme.primary}40, transparent 60%), linear-gradient(160deg, ${scheme.primary}26, ${scheme.secondary}55)`,
          boxShadow: `inset 0 0 0 1px ${scheme.primary}66, 0 0 32px ${scheme.primary}33`,
        }}
      >
        <img
          key={src}
          src={src}
          alt={`Preview of ${form.name.trim() || "your bot"}`}
          onLoad={() => setLoaded(src)}
          className={`size-full object-cover transition duration-500 ${loaded === src ? "opacity-100" : "opacity-0"}`}
        />
        {loaded !== src && (
          <div className="absolute inset-0 grid place-items-center">
            <Cpu className="size-16 animate-glow-pulse text-cyan/70" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="mt-5 space-y-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-muted">Designation</p>
          <h2 className="break-words font-display text-2xl font-black uppercase text-ink text-glow-cyan">
            {form.name.trim() || "Unnamed Unit"}
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="cyan">{model.name}</Badge>
            <Badge tone="magenta">{model.type}</Badge>
            <Badge tone="common">common</Badge>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <span className="flex -space-x-1.5" aria-hidden="true">
            <span
              className="size-6 rounded-full border-2 border-void"
              style={{ background: scheme.primary }}
            />
            <span
              className="size-6 rounded-full border-2 border-void"
              style={{ background: scheme.secondary }}
            />
          </span>
          <span className="font-semibold text-ink">{scheme.name}</span>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {statOrder.map((stat) => (
            <StatBar
              key={stat}
              label={statLook[stat].label}
              value={form.stats[stat]}
              max={CREATION_STAT_MAX}
            />
          ))}
        </div>
      </div>
    </Panel>
  );
}
