// The three live counters under the hero: real figures from /api/stats.
import { Castle, Swords, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../ui/cn";
import { pilotsLine } from "./pilotsLine";
import { useStats } from "./useStats";

const formatter = new Intl.NumberFormat("en-US");

export function LiveCounters() {
  const { data } = useStats();
  const value = (n: number | undefined) => (n === undefined ? "—" : formatter.format(n));
  return (
    <div>
      <ul aria-label="Live arena activity" className="grid grid-cols-3 gap-2 sm:gap-3">
        <Counter icon={<Swords />} label="Active PvP" value={value(data?.pvpBattlesLastHour)} tone="cyan" />
        <Counter icon={<Trophy />} label="Tournaments" value={value(data?.openTournaments)} tone="amber" />
        <Counter icon={<Castle />} label="Guild Wars" value={value(data?.activeGuildWars)} tone="magenta" />
      </ul>
      {/* Its line is held (unseen) until the figures arrive, so their arrival moves nothing below. */}
      <p
        aria-hidden={data ? undefined : true}
        className={cn("mt-3 flex items-center gap-2 text-sm text-muted", !data && "invisible")}
      >
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-lime opacity-60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-lime" />
        </span>
        <span data-testid="pilots-line">{data ? pilotsLine(data.players) : "\u00a0"}</span>
      </p>
    </div>
  );
}

const tones = {
  cyan: "text-cyan border-cyan/30 from-cyan/10",
  amber: "text-amber border-amber/30 from-amber/10",
  magenta: "text-magenta border-magenta/30 from-magenta/10",
};

function Counter({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  tone: keyof typeof tones;
}) {
  return (
    <li
      className={`rounded-lg border bg-linear-to-b to-transparent p-3 backdrop-blur-sm sm:p-4 ${tones[tone]}`}
    >
      <div className="flex items-center gap-1.5 [&_svg]:size-4" aria-hidden="true">
        {icon}
        <span className="size-1.5 animate-glow-pulse rounded-full bg-current" />
      </div>
      <p className="mt-2 font-display text-2xl font-black tabular-nums text-ink sm:text-3xl">{value}</p>
      <p className="mt-0.5 text-xs font-bold uppercase tracking-[0.14em] sm:text-sm">{label}</p>
    </li>
  );
}
