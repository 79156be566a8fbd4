// How often a list that every player's actions change may be fetched again for its live events. Each such
// fetch is an expensive read on the server (5 requests of the player's rate of 300 a minute), and a busy
// market or guild list changes several times a second: fetched once per change, an idle open page would meet
// the rate by itself.
export const LIST_REFRESH_GAP_MS = 3_000;

/**
 * `run` at once, then at most once per `gapMs`: calls in between are folded into one run when the gap ends, so
 * the last change is always shown. `cancel` drops a run still waiting (the page went away).
 */
export function atMostEvery(gapMs: number, run: () => void, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    waiting = null;
    last = now();
    run();
  };
  return {
    call() {
      if (waiting !== null) return;
      const wait = last + gapMs - now();
      if (wait <= 0) fire();
      else waiting = setTimeout(fire, wait);
    },
    cancel() {
      if (waiting !== null) clearTimeout(waiting);
      waiting = null;
    },
  };
}
