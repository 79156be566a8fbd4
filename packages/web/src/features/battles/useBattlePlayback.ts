// Plays a battle log against the clock: a short intro, then one event per step through the playback
// handlers, then the result. Skip jumps straight to the result; replay starts over.
import type { BattleView } from "@bot-arena/contract";
import { useCallback, useEffect, useState } from "react";
import { type ArenaState, applyEvent, finalArena, initialArena, stepDuration } from "./playback";

export type Phase = "intro" | "fighting" | "result";

const INTRO_MS = 1_300;
const REDUCED_INTRO_MS = 400;
/** The last blow lands before the result covers the stage. */
const OUTRO_MS = 1_100;

export function useBattlePlayback(battle: BattleView, options: { reduced: boolean; speed: number }) {
  const [arena, setArena] = useState<ArenaState>(() => initialArena(battle));
  const [phase, setPhase] = useState<Phase>("intro");
  const { events } = battle;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (phase === "intro") {
      timer = setTimeout(() => setPhase("fighting"), options.reduced ? REDUCED_INTRO_MS : INTRO_MS);
    } else if (phase === "fighting") {
      const next = events[arena.applied];
      const previous = events[arena.applied - 1];
      if (!next) {
        timer = setTimeout(() => setPhase("result"), OUTRO_MS / options.speed);
      } else {
        const wait = previous ? stepDuration(previous, events.length, options.speed) : 0;
        timer = setTimeout(() => setArena((state) => applyEvent(state, next)), wait);
      }
    }
    return () => clearTimeout(timer);
  }, [phase, arena.applied, events, options.reduced, options.speed]);

  const skip = useCallback(() => {
    setArena(finalArena(battle));
    setPhase("result");
  }, [battle]);

  const restart = useCallback(() => {
    setArena(initialArena(battle));
    setPhase("intro");
  }, [battle]);

  return { arena, phase, skip, restart };
}
