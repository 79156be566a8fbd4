// The BOT ARENA wordmark with its glowing emblem.
import { Link } from "react-router";
import { cn } from "../../ui/cn";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <defs>
        <linearGradient id="brand-rim" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22e5ff" />
          <stop offset="1" stopColor="#ff2bd6" />
        </linearGradient>
      </defs>
      <path d="M20 2 36 11v18L20 38 4 29V11Z" fill="#0a0e1f" stroke="url(#brand-rim)" strokeWidth="2" />
      <rect x="12" y="14" width="16" height="12" rx="2" fill="none" stroke="#22e5ff" strokeWidth="2" />
      <circle cx="16.5" cy="20" r="1.8" fill="#ff2bd6" />
      <circle cx="23.5" cy="20" r="1.8" fill="#ff2bd6" />
      <path d="M20 8v6M16 29v3M24 29v3" stroke="#22e5ff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** `compact` hides the wordmark on narrow screens, where the navigation bar needs the room. */
export function Brand({ to = "/", compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="group flex items-center gap-2.5 rounded-md" aria-label="BOT ARENA home">
      <BrandMark className="transition group-hover:drop-shadow-[0_0_8px_rgb(34_229_255/0.8)]" />
      <span
        className={cn(
          "whitespace-nowrap font-display text-lg font-black tracking-[0.2em] text-ink",
          compact && "hidden sm:inline",
        )}
      >
        BOT <span className="text-cyan text-glow-cyan">ARENA</span>
      </span>
    </Link>
  );
}
