// The bus's barrier: a caller is answered by a round trip sent after it called, never by one already on its
// way (which may have left before a sign-out's revocation did); callers meanwhile share the next one; a round
// trip that fails or takes too long answers false.
import { describe, expect, it } from "vitest";
import { coalescedBarrier } from "./bus-barrier";

/** Round trips the test answers by hand, in the order they were sent. */
function roundTrips() {
  const sent: { answer: () => void; fail: () => void }[] = [];
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      sent.push({ answer: resolve, fail: () => reject(new Error("refused")) });
    });
  return { sent, roundTrip };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the bus's barrier", () => {
  it("answers a caller by a round trip sent after it called; callers meanwhile share the next", async () => {
    const { sent, roundTrip } = roundTrips();
    const barrier = coalescedBarrier(roundTrip, 60_000);
    const first = barrier();
    expect(sent).toHaveLength(1);
    let secondDone = false;
    const second = barrier().then((ok) => {
      secondDone = ok;
      return ok;
    });
    const third = barrier();
    // Not sent yet: the one on its way left before these callers came.
    expect(sent).toHaveLength(1);
    sent[0]!.answer();
    expect(await first).toBe(true);
    await settled();
    expect(secondDone).toBe(false);
    expect(sent).toHaveLength(2);
    sent[1]!.answer();
    expect([await second, await third]).toEqual([true, true]);
    expect(sent).toHaveLength(2);
  });

  it("answers false when the round trip fails or outlasts the timeout", async () => {
    const { sent, roundTrip } = roundTrips();
    const failing = coalescedBarrier(roundTrip, 60_000);
    const refused = failing();
    sent[0]!.fail();
    expect(await refused).toBe(false);
    const slow = coalescedBarrier(() => new Promise(() => {}), 1);
    expect(await slow()).toBe(false);
  });
});
