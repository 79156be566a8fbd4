// Whether this process hears the live bus now, as the sessions need to know it (auth/session.ts): a process may
// answer from what it remembers of a session only while it would hear that session end, since a sign-out on
// another process reaches it only over the bus. Each bus reports what it hears (`heard`: a subscription made, a
// heartbeat answered) and what it loses (`lost`: a connection closed); a bus whose silence cannot be told from a
// frozen server (Redis pub/sub: a stopped Redis keeps its sockets open) also gives a lease, past which silence
// counts as lost.
//
// The epoch moves each time hearing starts again after a gap: what was remembered in an earlier epoch may have
// ended in the gap, unheard, so it is not recalled (session-memory.ts).

export type BusTrust = {
  /** While this process hears the bus, the epoch it has heard it since; null while it does not. */
  epoch(): number | null;
  /** How long this process has not heard the bus (0 while it does). */
  unheardForMs(): number;
  /** Silence past this long counts as lost; Infinity for a bus whose every drop is an event. */
  readonly leaseMs: number;
};

export type BusTrustSignals = BusTrust & {
  /** The bus answered: a subscription was made, a heartbeat came back. */
  heard(): void;
  /** The bus connection closed: nothing is heard until `heard` again. */
  lost(): void;
};

export function createBusTrust(options: { leaseMs: number; now?: () => number }): BusTrustSignals {
  const now = options.now ?? (() => performance.now());
  const { leaseMs } = options;
  let epoch = 0;
  /** When the bus last answered; null since a loss (or before the first answer). */
  let lastHeard: number | null = null;
  /** When hearing stopped: the loss, the lease's end, or the start. */
  let unheardSince = now();

  const hearsNow = (at: number) => lastHeard !== null && at - lastHeard <= leaseMs;

  return {
    leaseMs,
    heard() {
      const at = now();
      // A gap, whether a loss or a lease that ran out unobserved: a new epoch.
      if (!hearsNow(at)) epoch += 1;
      lastHeard = at;
    },
    lost() {
      const at = now();
      if (hearsNow(at)) {
        epoch += 1;
        unheardSince = at;
      } else if (lastHeard !== null) {
        // The lease had already run out: silent since then.
        unheardSince = lastHeard + leaseMs;
      }
      lastHeard = null;
    },
    epoch: () => (hearsNow(now()) ? epoch : null),
    unheardForMs() {
      const at = now();
      if (hearsNow(at)) return 0;
      // A lease that ran out: silent since it ended (the last answer plus the lease).
      const since = lastHeard !== null ? lastHeard + leaseMs : unheardSince;
      return Math.max(0, at - since);
    },
  };
}

/** A bus that is heard for as long as the process runs: PGlite's, inside the process. */
export const alwaysHeard = (): BusTrustSignals => {
  const trust = createBusTrust({ leaseMs: Number.POSITIVE_INFINITY });
  trust.heard();
  return trust;
};
