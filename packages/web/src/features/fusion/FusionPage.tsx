// /fusion: two slots, the player's bots (only those that may pair with the first pick stay selectable),
// 'Fuse Bots', then the new bot's naming dialog, which cannot be dismissed.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import confetti from "canvas-confetti";
import { Atom, ChevronsRight, Info, Merge } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { cn } from "../../ui/cn";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { useBots } from "../bots/useBots";
import { NameDialog } from "../summon/NameDialog";
import { FusionPreview } from "./FusionPreview";
import { FusionSlot } from "./FusionSlot";
import { awaitsFusionName, fusionBlocker, pairBlocker, previewFusion } from "./pairing";
import { useFusion } from "./useFusion";

function celebrate() {
  void confetti({
    particleCount: 160,
    spread: 100,
    origin: { y: 0.45 },
    colors: ["#22e5ff", "#ff2bd6", "#8b5cf6", "#ffb020"],
    disableForReducedMotion: true,
  });
}

/** Says '<bot> is ready!' once the bot that was waiting for its name has one. */
function useReadyToast(bots: readonly Bot[] | undefined, waiting: Bot | undefined) {
  const waitingId = useRef<string | null>(null);
  useEffect(() => {
    if (waiting) {
      waitingId.current = waiting.id;
      return;
    }
    const named = bots?.find((bot) => bot.id === waitingId.current);
    if (named && named.setupStage === null) toast.success(messages.botReady(named.name));
    waitingId.current = null;
  }, [bots, waiting]);
}

export default function FusionPage() {
  const roster = useBots();
  return (
    <ScreenQueryView query={roster} loading="Charging the fusion chamber" title="Failed to load data">
      {(bots) => <FusionChamber bots={bots} />}
    </ScreenQueryView>
  );
}

function FusionChamber({ bots }: { bots: Bot[] }) {
  const fusion = useFusion();
  const [firstId, setFirstId] = useState<string | null>(null);
  const [secondId, setSecondId] = useState<string | null>(null);
  const waiting = bots.find(awaitsFusionName);
  useReadyToast(bots, waiting);

  const first = bots.find((bot) => bot.id === firstId) ?? null;
  const second = bots.find((bot) => bot.id === secondId) ?? null;
  const preview = first && second ? previewFusion(first, second, Date.now()) : null;

  const blockerOf = (bot: Bot): string | null => {
    if (bot.id === firstId || bot.id === secondId) return null;
    const partner = first ?? second;
    return partner ? pairBlocker(partner, bot) : fusionBlocker(bot);
  };

  const pick = (bot: Bot) => {
    if (bot.id === firstId) return setFirstId(null);
    if (bot.id === secondId) return setSecondId(null);
    if (blockerOf(bot)) return;
    if (!first) setFirstId(bot.id);
    else if (!second) setSecondId(bot.id);
  };

  const fuse = async () => {
    if (!first || !second || !preview) {
      toast.error(messages.cannotFuse);
      return;
    }
    try {
      const answer = await fusion.mutateAsync({ bot1Id: first.id, bot2Id: second.id });
      setFirstId(null);
      setSecondId(null);
      toast.success(answer.message);
      celebrate();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to fuse bots"));
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Bot Fusion"
        subtitle="Merge two bots of one rarity into a single bot of the next."
        icon={<Atom className="size-6" />}
      />

      <Panel>
        <div className="flex flex-col items-center gap-4 md:flex-row md:justify-center md:gap-6">
          <FusionSlot label="Slot 1" bot={first} onClear={() => setFirstId(null)} />
          <Merge className="size-8 shrink-0 rotate-90 text-cyan md:rotate-0" aria-hidden="true" />
          <FusionSlot label="Slot 2" bot={second} onClear={() => setSecondId(null)} />
          <ChevronsRight className="size-8 shrink-0 rotate-90 text-magenta md:rotate-0" aria-hidden="true" />
          <FusionPreview preview={preview} />
        </div>
        <div className="mt-6 flex flex-col items-center gap-3">
          <Button
            size="lg"
            disabled={!preview}
            busy={fusion.isPending}
            onClick={() => void fuse()}
            icon={<Atom className="size-5" aria-hidden="true" />}
          >
            Fuse Bots
          </Button>
          <p className="flex max-w-2xl items-start gap-2 text-center text-sm text-muted">
            <Info className="mt-0.5 size-4 shrink-0 text-cyan" aria-hidden="true" />
            Common → Uncommon → Rare, keeping 80% of the combined stats. Rare bots cannot be fused. Two
            level-25 Legendary bots make a Diamond with 100% of their stats — the only way to get one. Both
            bots are consumed.
          </p>
        </div>
      </Panel>

      <section aria-labelledby="fusion-bots-heading" className="space-y-3">
        <h2
          id="fusion-bots-heading"
          className="font-display text-lg font-bold uppercase tracking-[0.18em] text-cyan"
        >
          Your bots
        </h2>
        {bots.length === 0 ? (
          <Panel tone="neutral">
            <div className="flex flex-col items-center gap-3 py-8 text-center">
              <p className="text-muted">You need bots to fuse. Summon some first.</p>
              <ButtonLink to="/summon">Summon</ButtonLink>
            </div>
          </Panel>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {bots.map((bot) => {
              const blocker = blockerOf(bot);
              const slot = bot.id === firstId ? 1 : bot.id === secondId ? 2 : null;
              return (
                <li key={bot.id}>
                  <button
                    type="button"
                    onClick={() => pick(bot)}
                    disabled={blocker !== null}
                    aria-pressed={slot !== null}
                    aria-label={`${bot.name}${blocker ? ` (${blocker})` : ""}`}
                    className={cn(
                      "relative flex w-full cursor-pointer flex-col gap-2 rounded-xl border bg-deep/70 p-2.5 text-left transition",
                      slot !== null
                        ? "border-cyan shadow-neon-cyan"
                        : "border-cyan/15 hover:-translate-y-0.5 hover:border-cyan/50",
                      blocker &&
                        "cursor-not-allowed opacity-40 grayscale hover:translate-y-0 hover:border-cyan/15",
                    )}
                  >
                    {slot !== null && (
                      <span className="absolute top-1.5 left-1.5 z-10 grid size-6 place-items-center rounded-full bg-cyan font-display text-xs font-black text-void">
                        {slot}
                      </span>
                    )}
                    <BotImage bot={bot} quiet />
                    <div className="flex items-center justify-between gap-1">
                      <RarityBadge rarity={bot.rarity} />
                      <span className="font-display text-[0.65rem] font-bold text-cyan">Lv. {bot.level}</span>
                    </div>
                    <p className="break-words font-display text-xs font-bold uppercase text-ink">
                      {bot.name}
                    </p>
                    {blocker && (
                      <p className="text-[0.7rem] font-semibold uppercase tracking-wider text-amber first-letter:uppercase">
                        {blocker}
                      </p>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {waiting && <NameDialog bot={waiting} />}
    </div>
  );
}
