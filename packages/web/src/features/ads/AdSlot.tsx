// A banner slot at the top or bottom of a page, rotating through the house ads. It takes no room at all when ads
// are off, none exist, or the request failed (while it loads the slot holds a banner's room, unseen, so a prerendered
// page does not move when its banner arrives): an ad must never break a page.
import type { HouseAd } from "@bot-arena/contract";
import { ChevronRight, Megaphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { cn } from "../../ui/cn";
import { adAt } from "./rotation";
import { useAds } from "./useAds";

const ROTATE_EVERY_MS = 12_000;

/** Holds a banner's room, unseen, until the ads have answered: a banner arriving must not push the page down. */
const placeholder: HouseAd = {
  id: "placeholder",
  title: "Bot Arena",
  text: "The arena's news arrives here: summons, tournaments, guilds and the vault, with a line for each one.",
  cta: "Open",
  href: "/",
};

export function AdSlot({ placement, className }: { placement: "top" | "bottom"; className?: string }) {
  const { data, isError } = useAds();
  const ads = data?.enabled ? data.ads : [];
  const tick = useTicker(ads.length > 1 ? ROTATE_EVERY_MS : null);
  const ad = adAt(ads, tick, placement === "top" ? 0 : 1);
  if (!data && !isError) {
    return (
      <div aria-hidden="true" inert className={cn("invisible", className)}>
        <AdBanner ad={placeholder} />
      </div>
    );
  }
  if (!ad) return null;
  return (
    <aside
      aria-label={placement === "top" ? "Advertisement (top)" : "Advertisement (bottom)"}
      className={className}
    >
      <AdBanner key={ad.id} ad={ad} />
    </aside>
  );
}

function useTicker(intervalMs: number | null) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (intervalMs === null) return;
    const id = window.setInterval(() => {
      // A hidden tab does not need to rotate; it would only churn renders.
      if (document.visibilityState === "visible") setTick((t) => t + 1);
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return tick;
}

function isInternal(href: string) {
  return href.startsWith("/") && !href.startsWith("//");
}

function AdBanner({ ad }: { ad: HouseAd }) {
  const classes = cn(
    // A long call to action on a narrow screen takes a line of its own rather than squeeze the words to "THE…".
    "group relative flex flex-wrap items-center gap-x-3 gap-y-2 overflow-hidden rounded-lg border border-violet/35 px-3 py-2.5 sm:flex-nowrap sm:gap-4 sm:px-4",
    "bg-linear-to-r from-violet/15 via-abyss/90 to-cyan/10 transition hover:border-cyan/60 hover:shadow-[0_0_20px_rgb(139_92_246/0.3)]",
    "motion-safe:animate-fade-in",
  );
  const body = (
    <>
      <span className="rounded-sm border border-amber/60 bg-amber/10 px-1.5 py-0.5 font-display text-[0.6rem] font-bold tracking-[0.2em] text-amber">
        Ad
      </span>
      <Megaphone className="hidden size-5 shrink-0 text-violet sm:block" aria-hidden="true" />
      <span className="min-w-0 flex-1 basis-32">
        <span className="block break-words font-display text-xs font-bold uppercase tracking-[0.12em] text-ink sm:text-sm">
          {ad.title}
        </span>
        {/* The whole line, wrapped: a phone cut it to its first few words. */}
        <span className="block break-words text-sm text-muted">{ad.text}</span>
      </span>
      <span className="ml-auto flex shrink-0 items-center gap-1 rounded-md bg-cyan/15 px-2.5 py-1.5 font-display text-[0.65rem] font-bold uppercase tracking-[0.14em] text-cyan transition group-hover:bg-cyan group-hover:text-void">
        {ad.cta}
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </span>
    </>
  );
  return isInternal(ad.href) ? (
    <Link to={ad.href} className={classes}>
      {body}
    </Link>
  ) : (
    <a href={ad.href} className={classes} target="_blank" rel="noopener noreferrer sponsored">
      {body}
    </a>
  );
}
