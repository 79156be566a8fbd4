// The wallet balance at the head of every economy page, kept fresh by the `me` live channel.
import { Coins } from "lucide-react";
import { useMe } from "../../app/session";
import { cn } from "../../ui/cn";
import { formatCoins } from "./coins";

export function CoinBalance({ className }: { className?: string }) {
  const coins = useMe().data?.coins;
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-lg border border-amber/40 bg-amber/10 px-4 py-2 shadow-[0_0_20px_rgb(255_176_32/0.15)]",
        className,
      )}
    >
      <Coins className="size-5 text-amber" aria-hidden="true" />
      <div className="leading-tight">
        <p className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-amber/70">Your coins</p>
        <p className="font-display text-lg font-bold tabular-nums text-amber" data-testid="coin-balance">
          {coins === undefined ? "…" : formatCoins(coins)}
        </p>
      </div>
    </div>
  );
}
