// The COMBAT ZONE: a full-screen stage that plays a battle's event log. Both bots with their health bars,
// an effect per action, rising damage and repair numbers, a banner naming each ultimate, the combat log
// scrolling underneath, then the result: what it meant in its event (a tournament match, a war duel) and
// confetti when the viewer's side won. The header counts the turns (the event's rounds are the bracket's) and,
// for a live match, how many watch it. Skip jumps to the result at any time; under prefers-reduced-motion nothing
// moves, the numbers and bars just change.
import type { BattleContext, BattleSide, BattleView } from "@bot-arena/contract";
import { FastForward, Gauge, RotateCcw, Swords } from "lucide-react";
import { AnimatePresence, motion, useAnimate, useReducedMotion } from "motion/react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { BattleLogLines } from "./BattleLogLines";
import { celebrate } from "./celebrate";
import { effectLook } from "./effectLook";
import { FighterStage } from "./FighterStage";
import { battleKindLabel } from "./kindLabel";
import { type Cue, verdictFor } from "./playback";
import { useBattlePlayback } from "./useBattlePlayback";
import { useWatching, WatchingBadge } from "./watching";

type CombatZoneProps = {
  battle: BattleView;
  /** The side the viewer fought on; null for a spectator, who is told who won rather than won or lost. */
  viewer: BattleSide | null;
  /** What the battle earned, shown under the verdict (XP, level, coins). */
  summary?: ReactNode;
  /** Called once, when the result first shows (by playing through or by Skip). */
  onResult?: () => void;
  onClose: () => void;
  /** The match's place in its event (tournament, guild war): the header's title and the result's meaning. */
  context?: BattleContext | null;
};

const SPEEDS = [1, 2, 4] as const;

export function CombatZone({ battle, viewer, summary, onResult, onClose, context = null }: CombatZoneProps) {
  const reduced = useReducedMotion() ?? false;
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const { arena, phase, skip, restart } = useBattlePlayback(battle, { reduced, speed });
  const [stage, animateStage] = useAnimate<HTMLDivElement>();
  const resultShown = useRef(false);
  const verdict = verdictFor(battle, viewer);
  const finished = phase === "result";
  const loser = battle.winner === "attacker" ? "defender" : "attacker";
  const watching = useWatching(battle.id, context);

  useEffect(() => {
    if (!finished) return;
    if (verdict.tone === "win") celebrate();
    if (!resultShown.current) {
      resultShown.current = true;
      onResult?.();
    }
  }, [finished, verdict.tone, onResult]);

  const cue = arena.cue;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shake plays once per ultimate, keyed by the cue.
  useEffect(() => {
    if (reduced || cue?.effectType !== "ultimate" || !stage.current) return;
    void animateStage(
      stage.current,
      { x: [0, -14, 12, -8, 6, 0], y: [0, 6, -5, 3, 0] },
      { duration: 0.5, delay: 0.2 },
    );
  }, [cue?.id]);

  // Escape skips to the result, then closes; a click outside is impossible (the stage is the whole screen).
  const onEscape = (event: KeyboardEvent) => {
    event.preventDefault();
    if (finished) onClose();
    else skip();
  };

  // A Radix dialog, like the game's other dialogs: focus stays inside, the page behind is inert and does not
  // scroll, and focus returns to the button that started the battle.
  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={onEscape}
          className="fixed inset-0 z-[70] flex flex-col overflow-hidden bg-void text-ink focus:outline-none"
          data-phase={phase}
        >
          <Backdrop battle={battle} />

          <header className="relative z-10 flex items-center justify-between gap-3 border-b border-cyan/20 bg-abyss/70 px-4 py-3 backdrop-blur sm:px-8">
            <div className="flex items-center gap-3">
              <Swords
                className="size-6 text-magenta drop-shadow-[0_0_8px_rgb(255_43_214/0.8)]"
                aria-hidden="true"
              />
              <RadixDialog.Title className="font-display text-base font-black tracking-[0.18em] whitespace-nowrap text-glow-cyan sm:text-2xl sm:tracking-[0.3em]">
                COMBAT ZONE
              </RadixDialog.Title>
            </div>
            <div className="hidden items-center gap-4 font-display text-xs font-bold uppercase tracking-[0.25em] text-muted sm:flex">
              <p aria-live="off" data-testid="combat-turn">
                {context?.title ?? battleKindLabel(battle.kind)} · Turn{" "}
                <span className="text-ink tabular-nums">{Math.max(1, arena.round)}</span>
              </p>
              {watching !== null && <WatchingBadge count={watching} className="text-orange-300" />}
            </div>
            <div className="flex items-center gap-2">
              {!finished && (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<Gauge className="size-4" aria-hidden="true" />}
                  onClick={() => setSpeed(SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length] ?? 1)}
                  aria-label={`Playback speed ${speed}x`}
                >
                  {speed}x
                </Button>
              )}
              <Button
                autoFocus
                variant="secondary"
                size="sm"
                icon={<FastForward className="size-4" aria-hidden="true" />}
                onClick={skip}
                disabled={finished}
              >
                Skip
              </Button>
            </div>
          </header>

          <div ref={stage} className="relative z-10 flex min-h-0 flex-1 flex-col">
            <div className="relative mx-auto flex w-full max-w-6xl flex-1 items-center gap-2 px-3 py-4 sm:gap-6 sm:px-8">
              {(["attacker", "defender"] as const).map((side, index) => (
                <FighterSlot key={side} order={index === 0 ? "order-1" : "order-3"}>
                  <FighterStage
                    fighter={battle[side]}
                    side={side}
                    hp={arena.hp[side]}
                    cue={finished ? null : cue}
                    floaters={finished ? [] : arena.floaters}
                    defeated={finished && side === loser}
                    knockedOut={battle.endedBy === "knockout"}
                    reduced={reduced}
                  />
                </FighterSlot>
              ))}
              <div className="order-2 flex shrink-0 flex-col items-center self-stretch" aria-hidden="true">
                <div className="w-px flex-1 bg-linear-to-b from-transparent via-magenta/60 to-magenta/20" />
                <span className="my-3 font-display text-2xl font-black italic text-magenta text-glow-magenta sm:text-5xl">
                  VS
                </span>
                <div className="w-px flex-1 bg-linear-to-b from-magenta/20 via-magenta/60 to-transparent" />
              </div>
              {!reduced && !finished && <Projectile cue={cue} />}
              <RoundMarker round={arena.round} reduced={reduced} />
              <UltimateBanner cue={finished ? null : cue} reduced={reduced} />
              <AnimatePresence>{phase === "intro" && <FightSplash reduced={reduced} />}</AnimatePresence>
            </div>

            <section
              aria-label="Combat log"
              className="relative mx-auto mb-3 w-[calc(100%-1.5rem)] max-w-6xl rounded-lg border border-cyan/20 bg-abyss/85 px-3 py-2 backdrop-blur sm:mb-6"
            >
              <BattleLogLines
                lines={arena.lines}
                outcome={finished ? battle.outcome : null}
                follow
                className="h-28 sm:h-36"
              />
            </section>
          </div>

          <AnimatePresence>
            {finished && (
              <ResultCard
                title={verdict.title}
                tone={verdict.tone}
                outcome={battle.outcome}
                meaning={context?.meaning ?? null}
                summary={summary}
                reduced={reduced}
                onReplay={restart}
                onClose={onClose}
              />
            )}
          </AnimatePresence>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function FighterSlot({ order, children }: { order: string; children: ReactNode }) {
  return <div className={cn("flex min-w-0 flex-1", order)}>{children}</div>;
}

function Backdrop({ battle }: { battle: BattleView }) {
  return (
    <div className="pointer-events-none absolute inset-0" aria-hidden="true">
      <div className="bg-grid absolute inset-0 opacity-60 [mask-image:linear-gradient(to_bottom,transparent,black_30%,black_70%,transparent)]" />
      <div
        className="absolute inset-0"
        style={{
          background: `radial-gradient(40rem 30rem at 18% 55%, ${battle.attacker.colorPrimary}2e, transparent 70%), radial-gradient(40rem 30rem at 82% 55%, ${battle.defender.colorPrimary}2e, transparent 70%)`,
        }}
      />
      <div className="absolute inset-x-0 bottom-[28%] h-px bg-linear-to-r from-transparent via-cyan/50 to-transparent" />
      <div className="scanlines absolute inset-0" />
    </div>
  );
}

/** A glowing bolt flying from the actor to its target; repairs stay home. */
function Projectile({ cue }: { cue: Cue | null }) {
  if (!cue || cue.effectType === "heal") return null;
  const look = effectLook[cue.effectType];
  const from = cue.actor === "attacker" ? "22%" : "78%";
  const to = cue.actor === "attacker" ? "78%" : "22%";
  const size = cue.effectType === "ultimate" ? "size-10" : "size-5";
  return (
    <motion.div
      key={cue.id}
      className={cn("pointer-events-none absolute top-[52%] z-20 -translate-x-1/2 rounded-full", size)}
      style={{
        background: `radial-gradient(circle, #fff, ${look.color} 45%, ${look.glow}00 70%)`,
        boxShadow: `0 0 24px 8px ${look.glow}88`,
      }}
      initial={{ left: from, opacity: 0, scale: 0.4 }}
      animate={{ left: to, opacity: [0, 1, 1, 0], scale: [0.4, 1, 1.2, 0.6] }}
      transition={{ duration: 0.28, ease: "easeIn" }}
      aria-hidden="true"
    />
  );
}

function UltimateBanner({ cue, reduced }: { cue: Cue | null; reduced: boolean }) {
  const show = cue !== null && cue.ultimateName !== null;
  const look = cue ? effectLook[cue.effectType] : effectLook.ultimate;
  return (
    <AnimatePresence>
      {show && cue && (
        <motion.div
          key={cue.id}
          role="status"
          className="pointer-events-none absolute inset-x-0 top-[36%] z-40 flex justify-center"
          initial={reduced ? false : { opacity: 0, scaleX: 0.2 }}
          animate={{ opacity: 1, scaleX: 1 }}
          exit={{ opacity: 0, y: -12 }}
          transition={{ type: "spring", stiffness: 320, damping: 22 }}
        >
          <div
            className="clip-chamfer-sm px-6 py-2 text-center sm:px-10"
            style={{ background: `linear-gradient(90deg, ${look.glow}33, ${look.color}cc, ${look.glow}33)` }}
          >
            <p className="font-display text-[0.65rem] font-bold uppercase tracking-[0.4em] text-white/85">
              {cue.effectType === "heal" ? "Repair protocol" : "Ultimate"}
            </p>
            <p className="font-display text-xl font-black uppercase tracking-widest text-white drop-shadow-[0_2px_0_rgb(0_0_0/0.6)] sm:text-3xl">
              {cue.ultimateName}
            </p>
          </div>
        </motion.div>
      )}
    </AnimatePresence>
  );
}

/** "Turn N" over the middle of the stage, popping in as each turn starts (the engine's round of blows). */
function RoundMarker({ round, reduced }: { round: number; reduced: boolean }) {
  if (round === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-2 z-30 flex justify-center" aria-hidden="true">
      <motion.span
        key={round}
        className="rounded-sm border border-cyan/40 bg-void/80 px-4 py-1 font-display text-xs font-black uppercase tracking-[0.35em] text-cyan shadow-neon-cyan sm:text-sm"
        initial={reduced ? false : { scale: 1.6, opacity: 0 }}
        animate={{ scale: 1, opacity: 1 }}
        transition={{ type: "spring", stiffness: 400, damping: 22 }}
      >
        Turn {round}
      </motion.span>
    </div>
  );
}

function FightSplash({ reduced }: { reduced: boolean }) {
  return (
    <motion.div
      className="pointer-events-none absolute inset-0 z-40 grid place-items-center"
      initial={reduced ? false : { opacity: 0, scale: 2.4 }}
      animate={{ opacity: 1, scale: 1 }}
      exit={{ opacity: 0, scale: 0.8 }}
      transition={{ type: "spring", stiffness: 240, damping: 18 }}
      aria-hidden="true"
    >
      <span className="font-display text-6xl font-black italic tracking-widest text-ink text-glow-cyan sm:text-8xl">
        FIGHT!
      </span>
    </motion.div>
  );
}

type ResultCardProps = {
  title: string;
  tone: "win" | "loss" | "neutral";
  outcome: string;
  /** What the result meant in its event; null outside one. */
  meaning: string | null;
  summary: ReactNode;
  reduced: boolean;
  onReplay: () => void;
  onClose: () => void;
};

const toneStyles = {
  win: "from-lime via-cyan to-lime text-glow-cyan",
  loss: "from-danger via-magenta to-danger text-glow-magenta",
  neutral: "from-cyan via-ink to-magenta text-glow-cyan",
};

function ResultCard({ title, tone, outcome, meaning, summary, reduced, onReplay, onClose }: ResultCardProps) {
  return (
    <motion.div
      className="absolute inset-0 z-50 grid place-items-center bg-void/70 px-4 backdrop-blur-sm"
      initial={reduced ? false : { opacity: 0 }}
      animate={{ opacity: 1 }}
      transition={{ duration: 0.3 }}
    >
      <motion.div
        className="w-full max-w-md text-center"
        initial={reduced ? false : { scale: 0.6, opacity: 0 }}
        animate={{ scale: 1, opacity: 1 }}
        transition={{ type: "spring", stiffness: 220, damping: 16, delay: 0.1 }}
      >
        <p
          className={cn(
            "bg-linear-to-r bg-clip-text font-display text-5xl font-black uppercase tracking-[0.12em] text-transparent sm:text-7xl",
            toneStyles[tone],
          )}
          data-testid="battle-verdict"
        >
          {title}
        </p>
        <p className="mt-3 text-lg text-ink/90">{outcome}</p>
        {meaning && (
          <p
            className="mt-3 font-display text-sm font-bold uppercase tracking-[0.18em] text-amber"
            data-testid="battle-meaning"
          >
            {meaning}
          </p>
        )}
        {summary && <div className="mt-5 space-y-2">{summary}</div>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button
            variant="ghost"
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
            onClick={onReplay}
          >
            Watch again
          </Button>
          <Button autoFocus onClick={onClose}>
            Continue
          </Button>
        </div>
      </motion.div>
    </motion.div>
  );
}
