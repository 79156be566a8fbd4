// The two summon buttons as cards: Single (500) and 10x (5000, 'Guaranteed Legendary'), each disabled with
// its reason ('Maximum 20 bots allowed!', 'Needs 10 free slots (N free)', 'Need N coins!'); the single card
// shows its pity counter.
import { SUMMON_SINGLE_COUNT, SUMMON_TEN_COUNT, type SummonCount, summonPrice } from "@bot-arena/game";
import { Coins, Crown, Sparkles } from "lucide-react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { summonBlockedReason, summonRoomNote } from "./summonRules";

type SummonCardsProps = {
  owned: number;
  coins: number;
  /** The single summon's pity counter (null until the history has loaded). */
  singlesUntilRare: number | null;
  busy: SummonCount | null;
  onSummon: (count: SummonCount) => void;
};

export const pityNote = (singlesUntilRare: number) =>
  singlesUntilRare === 1
    ? "Your next single summon is a rare at least"
    : `A rare at least within ${singlesUntilRare} single summons`;

export function SummonCards({ owned, coins, singlesUntilRare, busy, onSummon }: SummonCardsProps) {
  const cards = [
    {
      count: SUMMON_SINGLE_COUNT,
      title: "Single Summon",
      label: "1 bot · common to rare",
      icon: Sparkles,
      accent: "from-cyan/25 to-transparent border-cyan/40",
    },
    {
      count: SUMMON_TEN_COUNT,
      title: "10x Summon",
      label: "Guaranteed Legendary",
      icon: Crown,
      accent: "from-amber/25 via-magenta/10 to-transparent border-amber/50",
    },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ count, title, label, icon: Icon, accent }) => {
        const blocked = summonBlockedReason(count, owned, coins);
        return (
          <div
            key={count}
            className={cn("relative overflow-hidden rounded-xl border bg-linear-to-br p-5", accent)}
          >
            <Icon
              className={cn(
                "absolute -right-4 -bottom-4 size-32 opacity-10",
                count === 1 ? "text-cyan" : "text-amber",
              )}
              aria-hidden="true"
            />
            <h2 className="font-display text-lg font-black uppercase text-ink">{title}</h2>
            <p
              className={cn(
                "mt-1 text-sm font-bold uppercase tracking-widest",
                count === 1 ? "text-cyan" : "text-amber",
              )}
            >
              {label}
            </p>
            {count === SUMMON_SINGLE_COUNT && singlesUntilRare !== null && (
              <p data-testid="summon-pity" className="mt-1 text-sm font-semibold text-lime">
                {pityNote(singlesUntilRare)}
              </p>
            )}
            <p className="mt-4 flex items-center gap-2 font-display text-2xl font-black text-amber">
              <Coins className="size-5" aria-hidden="true" />
              {summonPrice(count).toLocaleString("en-US")}
            </p>
            <Button
              className="mt-4 w-full"
              size="lg"
              variant={count === 1 ? "primary" : "secondary"}
              disabled={blocked !== null || busy !== null}
              busy={busy === count}
              onClick={() => onSummon(count)}
            >
              {title}
            </Button>
            {/* A refusal in the danger colour; otherwise a neutral note of the room left. */}
            <p
              className={cn("mt-2 min-h-5 text-sm", blocked ? "font-semibold text-danger" : "text-muted")}
              role={blocked ? "status" : undefined}
              data-testid={`summon-note-${count}`}
            >
              {blocked ?? summonRoomNote(count, owned)}
            </p>
          </div>
        );
      })}
    </div>
  );
}
