// A barrier on the live bus: resolves once everything the bus had taken before it was asked for has reached
// this process. A sign-out answers after its revocation went out on the bus (auth/revocations.ts), but another
// process may not have read it yet when the next request arrives (a busy machine delays a socket's read, or
// Redis writes one subscriber's copy and is preempted before the next). So before a process answers from what
// it remembers of a session, it makes one round trip on the connection the bus delivers on, sent after the
// request arrived: Redis answers a PING on the subscribed connection after every message it delivered there
// before, and PostgreSQL sends a listener its pending notifications before it answers the listener's next
// query. Whatever arrives before the answer has been heard (and forgotten) by the time the request goes on.
//
// Requests share round trips: one in flight at a time; a request arriving while one is on its way waits for
// the next (the one on its way may have left before the request came), so a burst costs two round trips.

/** Resolves true once the bus delivered what it held when called; false when it cannot tell (down, slow). */
export type BusBarrier = () => Promise<boolean>;

export function coalescedBarrier(roundTrip: () => Promise<unknown>, timeoutMs: number): BusBarrier {
  let inFlight: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;

  function send(): Promise<boolean> {
    const sent = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      roundTrip().then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
    inFlight = sent;
    void sent.then(() => {
      if (inFlight === sent) inFlight = null;
    });
    return sent;
  }

  return () => {
    if (!inFlight) return send();
    // The round trip on its way may have left before this request arrived: wait for the next one, which every
    // request arriving meanwhile shares.
    next ??= inFlight.then(() => {
      next = null;
      return inFlight ?? send();
    });
    return next;
  };
}
