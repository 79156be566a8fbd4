// A sign-out (or "sign out everywhere", a password change) answers only once no process can still accept the
// session (issue 43): every process forgets a session when it hears it end on the live bus, and one that does
// not hear the bus remembers nothing (session.ts), so the sign-out waits until either
// - it hears its own revocation come back on the bus: the bus has then delivered it to every process that
//   hears it (Redis writes a PUBLISH to every subscriber before the publisher's own copy; PostgreSQL signals
//   every listener at the NOTIFY's commit), or
// - not hearing it back (the bus failed on the way), long enough that every process which heard the bus when
//   the revocation went out has since stopped trusting its memory: the bus's lease (bus-trust.ts), or the
//   memory's own moment when that is shorter; or
// - at once, when this process has not heard the bus for longer than a lease: the outage is older than any
//   process's trust, and every process reads sessions from the database.
// What it cannot see: a process cut off from the bus alone, while the others still hear it. Its sign-outs wait
// no more than a lease once it knows, and the others, hearing nothing of them, may accept the session for as
// long as they remember it (SESSION_MEMORY_MS). docs/game-rules.md, "Sign-out everywhere at once".
import type { BusTrust } from "../live/bus-trust";

/** How long a sign-out waits to hear its own revocation before it counts the bus as failed. */
export const ECHO_WAIT_MS = 1_000;

type Options = { trust: BusTrust; memoryMs: number; now?: () => number };

export function createRevocations(options: Options) {
  const { trust } = options;
  const now = options.now ?? (() => performance.now());
  /** Sign-outs of this process waiting to hear their revocation, by session id. */
  const waiting = new Map<string, Set<() => void>>();

  function wait(sessionId: string, wake: () => void): () => void {
    const set = waiting.get(sessionId) ?? new Set();
    set.add(wake);
    waiting.set(sessionId, set);
    return () => {
      set.delete(wake);
      if (set.size === 0 && waiting.get(sessionId) === set) waiting.delete(sessionId);
    };
  }

  /** Resolves true once every one of `sessionIds` was heard ending, false after `ms` without that. */
  function heardAll(sessionIds: readonly string[], ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const left = new Set(sessionIds);
      const stops: (() => void)[] = [];
      const finish = (heard: boolean) => {
        clearTimeout(timer);
        for (const stop of stops) stop();
        resolve(heard);
      };
      const timer = setTimeout(() => finish(false), ms);
      for (const id of sessionIds) {
        stops.push(
          wait(id, () => {
            left.delete(id);
            if (left.size === 0) finish(true);
          }),
        );
      }
    });
  }

  return {
    /** The live hub heard a session end (this process's own revocations too). */
    heard(sessionId: string) {
      for (const wake of [...(waiting.get(sessionId) ?? [])]) wake();
    },

    /**
     * Called after the commit that ended `sessionIds`, once their revocations went to the bus (after-commit.ts):
     * resolves when no process can accept them any more (above).
     */
    async confirm(sessionIds: readonly string[]): Promise<void> {
      if (sessionIds.length === 0) return;
      const sent = now();
      if (trust.unheardForMs() > trust.leaseMs) return;
      if (await heardAll(sessionIds, ECHO_WAIT_MS)) return;
      const rest = sent + Math.min(options.memoryMs, trust.leaseMs) - now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    },

    /** Sign-outs waiting to hear their revocation (for tests). */
    waitingFor: () => waiting.size,
  };
}
