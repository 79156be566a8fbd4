// The heading strip across the top of an event's panel: THE PLAYOFFS over WORLD CHAMPIONSHIP, STANDINGS over
// the format.
import type { ReactNode } from "react";

export function PanelTitle({ icon, title, subtitle }: { icon: ReactNode; title: string; subtitle: string }) {
  return (
    <div className="border-b border-cyan/15 px-5 py-4 text-center">
      <h3 className="flex items-center justify-center gap-2 font-display text-xl font-black uppercase tracking-[0.25em] text-ink">
        {icon}
        {title}
      </h3>
      <p className="mt-1 font-display text-xs font-bold uppercase tracking-[0.35em] text-magenta">
        {subtitle}
      </p>
    </div>
  );
}
