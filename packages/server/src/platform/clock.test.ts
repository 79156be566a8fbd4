// The database clock's arithmetic with a fake database and a fake process clock: the skew is the database's
// time minus the middle of the round trip, from the quickest reading; refreshes follow a drifting clock and the
// shared test offset, which never moves back; a failed refresh keeps the last skew.
import { describe, expect, it } from "vitest";
import { type ClockSource, createDatabaseClock, skewOf } from "./clock";

const silent = { warn() {} };

/** A process clock that a test sets, and a database whose clock runs `skew` ms ahead of it, `latency` each way. */
function fakeWorld(options: { skew: number; latency?: number; offset?: number }) {
  const world = {
    local: 1_000_000,
    skew: options.skew,
    latency: options.latency ?? 5,
    offset: options.offset ?? 0,
  };
  const reads: string[] = [];
  const source: ClockSource = {
    async readMs() {
      reads.push("time");
      world.local += world.latency; // the query travels
      const databaseMs = world.local + world.skew;
      world.local += world.latency; // the answer travels
      return databaseMs;
    },
    async readOffsetMs() {
      reads.push("offset");
      return world.offset;
    },
    async addOffsetMs(ms) {
      world.offset += ms;
      return world.offset;
    },
  };
  return { world, source, reads, localNow: () => world.local };
}

describe("skewOf", () => {
  it("is the database's time minus the middle of the round trip", () => {
    expect(skewOf([{ sentAt: 1000, databaseMs: 3_601_050, receivedAt: 1100 }])).toEqual({
      skewMs: 3_600_000,
      roundTripMs: 100,
    });
    expect(skewOf([{ sentAt: 5000, databaseMs: 4010, receivedAt: 5020 }]).skewMs).toBe(-1000);
  });

  it("believes the reading with the shortest round trip", () => {
    const samples = [
      { sentAt: 0, databaseMs: 900, receivedAt: 1000 }, // a slow one (a busy pool): 400 ms of doubt
      { sentAt: 2000, databaseMs: 62_010, receivedAt: 2020 },
      { sentAt: 3000, databaseMs: 63_100, receivedAt: 3050 },
    ];
    expect(skewOf(samples)).toEqual({ skewMs: 60_000, roundTripMs: 20 });
  });

  it("refuses to guess from no reading", () => {
    expect(() => skewOf([])).toThrow(/no sample/);
  });
});

describe("createDatabaseClock", () => {
  it("reads the process clock plus the skew measured at start: an hour off locally, the database's time", async () => {
    const { world, source, localNow } = fakeWorld({ skew: -3_600_000, latency: 7 });
    const clock = createDatabaseClock({ source, testClock: false, log: silent, localNow });
    await clock.start();
    await clock.stop();
    expect(clock.skewMs()).toBe(-3_600_000);
    expect(clock.now().getTime()).toBe(world.local - 3_600_000);
    world.local += 12_345; // time passes: no round trip needed to see it
    expect(clock.now().getTime()).toBe(world.local - 3_600_000);
  });

  it("follows the skew on refresh, and keeps the last one when a refresh fails", async () => {
    const { world, source, localNow } = fakeWorld({ skew: 250 });
    const warnings: unknown[] = [];
    const clock = createDatabaseClock({
      source,
      testClock: false,
      log: { warn: (o) => warnings.push(o) },
      localNow,
    });
    await clock.start();
    await clock.stop();
    world.skew = 900; // the process clock drifted
    await clock.refresh();
    expect(clock.now().getTime()).toBe(world.local + 900);
    const failing = createDatabaseClock({
      source: { ...source, readMs: () => Promise.reject(new Error("connection lost")) },
      testClock: false,
      log: { warn: (o) => warnings.push(o) },
      localNow,
    });
    await failing.refresh();
    expect(warnings).toHaveLength(1);
    expect(failing.skewMs()).toBe(0);
    expect(clock.skewMs()).toBe(900);
  });

  it("without the test clock: no offset, no offset reads, no control", async () => {
    const { world, source, reads, localNow } = fakeWorld({ skew: 0, offset: 86_400_000 });
    const clock = createDatabaseClock({ source, testClock: false, log: silent, localNow });
    await clock.start();
    await clock.stop();
    expect(clock.testClock).toBeNull();
    expect(reads).not.toContain("offset");
    expect(clock.now().getTime()).toBe(world.local);
  });

  it("under the test clock: the shared offset is added, another process's advance is seen on refresh, and it never moves back", async () => {
    const { world, source, localNow } = fakeWorld({ skew: 40, offset: 5_000 });
    const clock = createDatabaseClock({ source, testClock: true, log: silent, localNow });
    await clock.start();
    await clock.stop();
    expect(clock.testClock!.offsetMs()).toBe(5_000);
    expect(clock.now().getTime()).toBe(world.local + 40 + 5_000);

    const moved = await clock.testClock!.advance(60_000);
    expect(moved).toEqual({ offsetMs: 65_000, now: new Date(world.local + 40 + 65_000) });
    expect(clock.now().getTime()).toBe(world.local + 40 + 65_000);

    world.offset += 1_000; // another process moved it
    await clock.refresh();
    expect(clock.testClock!.offsetMs()).toBe(66_000);

    world.offset = 0; // a stale read (one that raced an advance) does not take time back
    await clock.refresh();
    expect(clock.testClock!.offsetMs()).toBe(66_000);
  });

  it("refreshes by itself on its interval until stopped", async () => {
    const { world, source, reads, localNow } = fakeWorld({ skew: 10 });
    const clock = createDatabaseClock({ source, testClock: false, log: silent, localNow, refreshMs: 5 });
    await clock.start();
    const before = reads.length;
    world.skew = 20;
    await expect.poll(() => clock.skewMs(), { timeout: 5_000 }).toBe(20);
    await clock.stop();
    const after = reads.length;
    expect(after).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads.length).toBe(after);
  });
});
