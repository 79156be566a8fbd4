// The summon flow as a small state machine: each bot of a summon is revealed (2.5 s, from the moment its card
// is known), named, then given its bonus points; bots left half-way by a reload resume at their step without
// the reveal. A failed naming or allocation keeps its dialog open; after the last bot the player goes to the
// dashboard. In a summon of several, 'Reveal all' skips the reveals still to come for one overview of every
// result, from which the player sets them up now or leaves them for later (deferred.ts, Bot Command).
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { deferBots, deferredBotIds } from "./deferred";

export type FlowStep = "reveal" | "overview" | "name" | "allocate";

export const LATER_TOAST = "Your bots wait in Bot Command: name them and place their points there.";
type QueueItem = { id: string; reveal: boolean };

/** The oldest unfinished bot first: the order they were rolled in. */
export const unfinishedBots = (bots: readonly Bot[]) =>
  bots.filter((bot) => bot.setupStage !== null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

export function useSummonFlow(bots: readonly Bot[] | undefined) {
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [revealDone, setRevealDone] = useState<string | null>(null);
  const [resumeChecked, setResumeChecked] = useState(false);
  /** The bots of the overview 'Reveal all' opened, while it is open. */
  const [overview, setOverview] = useState<readonly string[] | null>(null);
  const leftForLater = useRef(false);
  const navigate = useNavigate();

  const current = queue[0];
  const bot = current ? (bots?.find((b) => b.id === current.id) ?? null) : null;

  // On arrival, bots a reload left unfinished join the queue without their reveal.
  useEffect(() => {
    if (resumeChecked || !bots) return;
    setResumeChecked(true);
    const deferred = deferredBotIds();
    const pending = unfinishedBots(bots).filter((b) => !deferred.has(b.id));
    if (pending.length > 0) setQueue(pending.map((b) => ({ id: b.id, reveal: false })));
  }, [bots, resumeChecked]);

  // The reveal's own clock (RevealOverlay) says when it is over.
  const revealing = current?.reveal === true && revealDone !== current.id;

  const step: FlowStep | null = useMemo(() => {
    if (!current) return null;
    if (overview) return "overview";
    if (revealing) return "reveal";
    if (!bot) return null;
    return bot.setupStage ?? null;
  }, [current, overview, revealing, bot]);

  // A bot whose setup is complete (or that vanished, recycled in another tab) leaves the queue; this is the
  // only place the queue moves on, so a dialog's success and a refetch cannot both advance it.
  useEffect(() => {
    if (!current || revealing || overview || !bots) return;
    const found = bots.find((b) => b.id === current.id);
    if (!found || found.setupStage === null) setQueue((items) => items.slice(1));
  }, [current, revealing, overview, bots]);

  // After the last bot of a flow: the spec's closing toast and the dashboard.
  const hadQueue = useRef(false);
  const readyToast = useRef<string | number | null>(null);
  useEffect(() => {
    if (queue.length > 0) {
      hadQueue.current = true;
      return;
    }
    if (!hadQueue.current) return;
    hadQueue.current = false;
    if (leftForLater.current) {
      leftForLater.current = false;
      toast.success(LATER_TOAST);
    } else toast.success(messages.allBotsReady);
    void navigate("/dashboard");
  }, [queue.length, navigate]);

  return {
    bot,
    step,
    active: current !== undefined,
    /** The reveal of the bot at the head of the queue has played out. */
    revealed: () => {
      if (current) setRevealDone(current.id);
    },
    start: (botIds: readonly string[]) => setQueue(botIds.map((id) => ({ id, reveal: true }))),
    /** Reveals still to come in this flow, the current one included (a 'Reveal all' is offered past one). */
    revealsLeft: queue.filter((item, i) => item.reveal && (i > 0 || revealing)).length,
    /** Every bot of the flow at once: the reveals to come are skipped. */
    revealAll: () => {
      setQueue((items) => items.map((item) => ({ ...item, reveal: false })));
      setOverview(queue.map((item) => item.id));
    },
    overviewIds: overview ?? [],
    /** From the overview: name and allocate each bot now, without their reveals. */
    setUpNow: () => setOverview(null),
    /** From the overview: the bots wait in the roster, and this browser's /summon leaves them be. */
    later: () => {
      const ids = queue.map((item) => item.id);
      deferBots(ids, bots ? unfinishedBots(bots).map((b) => b.id) : ids);
      leftForLater.current = true;
      setOverview(null);
      setQueue([]);
    },
    /** A bot's setup succeeded; the queue moves on when the roster shows it finished. */
    // One toast at a time for the bots of a flow (a 10x summon stacked ten of them): the last one is dismissed and
    // the new one has an id of its own. Reusing one id updated a toast that was already timing out, and the new
    // text left with it unseen (a quick flow, as under reduced motion, finished the next bot in that moment).
    finished: (finishedBot: Bot) => {
      if (readyToast.current) toast.dismiss(readyToast.current);
      readyToast.current = toast.success(messages.botReady(finishedBot.name), {
        id: `summon-bot-ready-${finishedBot.id}`,
      });
    },
  };
}
