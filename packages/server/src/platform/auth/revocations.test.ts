// When a sign-out may answer: once its revocation is heard back on the bus, at once when the bus has been unheard
// for longer than any process's trust, and otherwise not before the lease of a process that heard the bus when
// the revocation went out has run out (time is simulated: nothing here waits).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBusTrust } from "../live/bus-trust";
import { createRevocations, ECHO_WAIT_MS } from "./revocations";

const LEASE = 1_500;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const trust = createBusTrust({ leaseMs: LEASE, now: () => Date.now() });
  const revocations = createRevocations({ trust, memoryMs: 5_000, now: () => Date.now() });
  let done = false;
  const confirm = (ids: string[]) =>
    revocations.confirm(ids).then(() => {
      done = true;
    });
  return { trust, revocations, confirm, done: () => done };
}

describe("a sign-out's wait for its revocation", () => {
  it("ends when every revoked session is heard back, and keeps no waiter", async () => {
    const { trust, revocations, confirm, done } = setup();
    trust.heard();
    const confirmed = confirm(["s1", "s2"]);
    revocations.heard("s1");
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(false);
    revocations.heard("s2");
    await confirmed;
    expect(revocations.waitingFor()).toBe(0);
  });

  it("not heard back: waits out the lease from when it was sent, never less", async () => {
    const { trust, revocations, confirm, done } = setup();
    trust.heard();
    const confirmed = confirm(["s1"]);
    await vi.advanceTimersByTimeAsync(ECHO_WAIT_MS);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(LEASE - ECHO_WAIT_MS - 1);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await confirmed;
    expect(revocations.waitingFor()).toBe(0);
  });

  it("answers at once when this process has not heard the bus for longer than a lease", async () => {
    const { trust, confirm, done } = setup();
    trust.heard();
    trust.lost();
    await vi.advanceTimersByTimeAsync(LEASE + 1);
    await confirm(["s1"]);
    expect(done()).toBe(true);
  });
});
