// 'Reveal all' in a summon of several: every result on one screen (confetti once if a legendary came out),
// then the player names and allocates them now, one after another, or leaves them for later in Bot Command.
import type { Bot } from "@bot-arena/contract";
import { Clock, PenLine } from "lucide-react";
import { useEffect } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { celebrate, isJackpot } from "./RevealOverlay";

export function RevealAllSheet(props: { bots: readonly Bot[]; onNow: () => void; onLater: () => void }) {
  const jackpot = props.bots.find((bot) => isJackpot(bot.rarity))?.rarity;
  useEffect(() => {
    if (jackpot) celebrate(jackpot);
  }, [jackpot]);
  return (
    <Dialog
      open
      dismissible={false}
      title={`Your ${props.bots.length} new bots`}
      description="Name them and place their 10 bonus points now, or later from Bot Command."
      className="w-[min(96vw,52rem)]"
    >
      {/* Scrolls on a phone: focusable, so a keyboard can scroll it too. */}
      <ul
        aria-label="Summoned bots"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable)
        tabIndex={0}
        className="grid max-h-[55vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3 md:grid-cols-5"
      >
        {props.bots.map((bot) => (
          <li
            key={bot.id}
            data-rarity={bot.rarity}
            className="rounded-lg border border-cyan/20 bg-void/60 p-2 text-center"
          >
            <BotImage bot={bot} quiet className="w-full" />
            <RarityBadge rarity={bot.rarity} className="mt-2" />
            <p className="mt-1 font-display text-xs font-bold uppercase text-ink">{bot.model}</p>
            <p className="text-xs capitalize text-muted">{bot.botClass}</p>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button
          variant="ghost"
          onClick={props.onLater}
          icon={<Clock className="size-4" aria-hidden="true" />}
        >
          Name and allocate later
        </Button>
        <Button onClick={props.onNow} icon={<PenLine className="size-4" aria-hidden="true" />}>
          Name them now
        </Button>
      </div>
    </Dialog>
  );
}
