// Whether a process hears the bus: heard from an answer until a loss or the lease's end, and a new epoch after
// every gap, so nothing remembered before a gap is recalled after it.
import { describe, expect, it } from "vitest";
import { alwaysHeard, createBusTrust } from "./bus-trust";

describe("the bus's trust", () => {
  it("is not heard before the first answer, then heard in an epoch until a loss", () => {
    let now = 0;
    const trust = createBusTrust({ leaseMs: 1_500, now: () => now });
    expect(trust.epoch()).toBeNull();
    now = 200;
    expect(trust.unheardForMs()).toBe(200);
    trust.heard();
    const first = trust.epoch();
    expect(first).not.toBeNull();
    expect(trust.unheardForMs()).toBe(0);
    now = 1_000;
    trust.heard();
    expect(trust.epoch()).toBe(first);
    now = 1_100;
    trust.lost();
    expect(trust.epoch()).toBeNull();
    now = 1_600;
    expect(trust.unheardForMs()).toBe(500);
    trust.heard();
    expect(trust.epoch()).not.toBeNull();
    expect(trust.epoch()).not.toBe(first);
  });

  it("counts silence past the lease as lost, from the lease's end, and starts a new epoch when heard again", () => {
    let now = 0;
    const trust = createBusTrust({ leaseMs: 1_500, now: () => now });
    trust.heard();
    const first = trust.epoch();
    now = 1_500;
    expect(trust.epoch()).toBe(first);
    now = 1_501;
    expect(trust.epoch()).toBeNull();
    now = 2_500;
    expect(trust.unheardForMs()).toBe(1_000);
    // A loss noticed late keeps the silence's start at the lease's end.
    trust.lost();
    expect(trust.unheardForMs()).toBe(1_000);
    trust.heard();
    expect(trust.epoch()).not.toBe(first);
  });

  it("a bus inside the process is always heard, in one epoch", () => {
    const trust = alwaysHeard();
    expect(trust.epoch()).not.toBeNull();
    expect(trust.unheardForMs()).toBe(0);
    expect(trust.leaseMs).toBe(Number.POSITIVE_INFINITY);
  });
});
