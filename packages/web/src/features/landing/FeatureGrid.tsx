// The features section the 'System Info' anchor scrolls to.
import { cn } from "../../ui/cn";
import { Reveal } from "../../ui/Reveal";
import { type Feature, features } from "./features";

const tones: Record<Feature["tone"], string> = {
  cyan: "text-cyan border-cyan/40 shadow-[0_0_24px_rgb(34_229_255/0.25)]",
  magenta: "text-magenta border-magenta/40 shadow-[0_0_24px_rgb(255_43_214/0.25)]",
  violet: "text-violet border-violet/40 shadow-[0_0_24px_rgb(139_92_246/0.25)]",
  amber: "text-amber border-amber/40 shadow-[0_0_24px_rgb(255_176_32/0.25)]",
};

export function FeatureGrid() {
  return (
    <section
      id="features"
      tabIndex={-1}
      aria-labelledby="features-title"
      className="relative scroll-mt-6 py-12 focus:outline-none sm:py-16"
    >
      <div className="mx-auto max-w-7xl px-4">
        <p className="text-center font-display text-xs font-bold uppercase tracking-[0.4em] text-magenta">
          System Info
        </p>
        <h2
          id="features-title"
          className="mt-3 text-center text-3xl font-black uppercase text-ink sm:text-4xl"
        >
          Your war machine awaits
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted">
          Collect battle robots, shape them into champions and prove them in the arena.
        </p>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature, index) => (
            <Reveal
              as="li"
              key={feature.title}
              delayMs={index * 90}
              className="group relative overflow-hidden rounded-xl border border-cyan/15 bg-abyss/80 p-6 transition hover:-translate-y-1 hover:border-cyan/40"
            >
              <div className="pointer-events-none absolute -top-16 -right-16 size-40 rounded-full bg-cyan/5 blur-2xl transition group-hover:bg-cyan/15" />
              <span
                aria-hidden="true"
                className={cn(
                  "grid size-12 place-items-center rounded-lg border bg-void",
                  tones[feature.tone],
                )}
              >
                <feature.icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold uppercase text-ink">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{feature.text}</p>
              <span
                aria-hidden="true"
                className="absolute bottom-0 left-0 h-0.5 w-0 bg-linear-to-r from-cyan to-magenta transition-all duration-500 group-hover:w-full"
              />
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
