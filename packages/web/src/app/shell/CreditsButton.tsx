// The player's wallet balance in the bar; it opens the bank. Kept fresh by the `me` live channel.
import { Coins } from "lucide-react";
import { useNavigate } from "react-router";
import { useMe } from "../session";

const formatter = new Intl.NumberFormat("en-US");

export function CreditsButton() {
  const navigate = useNavigate();
  const coins = useMe().data?.coins;
  return (
    <button
      type="button"
      onClick={() => navigate("/bank")}
      className="group flex h-10 cursor-pointer items-center gap-2 rounded-md border border-amber/40 bg-amber/10 px-3 text-amber transition hover:border-amber hover:shadow-[0_0_16px_rgb(255_176_32/0.4)]"
    >
      <Coins className="size-4" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only sm:text-xs sm:font-semibold sm:uppercase sm:tracking-widest sm:text-amber/80">
        Credits
      </span>
      <span data-testid="credits-balance" className="font-display text-sm font-bold tabular-nums">
        {coins === undefined ? "…" : formatter.format(coins)}
      </span>
    </button>
  );
}
