import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../test/helpers";
import { createInFlightLimit, refuses, shedKindOf } from "./load-shed";

describe("what the shedder refuses first", () => {
  it("tells reads, sign-ins and state changes apart, and never refuses health, metrics, sign-out or the web app", () => {
    expect(shedKindOf("GET", "/api/me")).toBe("read");
    expect(shedKindOf("GET", "/api/live")).toBe("read");
    expect(shedKindOf("HEAD", "/media/music/a.mp3")).toBe("read");
    expect(shedKindOf("GET", "/api/leaderboard?page=2")).toBe("read");
    expect(shedKindOf("POST", "/api/auth/sign-in")).toBe("sign_in");
    expect(shedKindOf("POST", "/api/auth/sign-up")).toBe("sign_in");
    expect(shedKindOf("POST", "/api/bank/deposit")).toBe("change");
    expect(shedKindOf("DELETE", "/api/chat/hidden/x")).toBe("change");
    for (const path of ["/api/health", "/api/health/live", "/api/health/ready", "/api/admin/metrics"])
      expect(shedKindOf("GET", path)).toBeNull();
    expect(shedKindOf("POST", "/api/auth/sign-out")).toBeNull();
    expect(shedKindOf("GET", "/")).toBeNull();
    expect(shedKindOf("GET", "/assets/index-abc.js")).toBeNull();
  });

  it("refuses reads and sign-ins from the bound, state changes only from twice it", () => {
    expect(refuses("read", 0.99)).toBe(false);
    expect(refuses("read", 1)).toBe(true);
    expect(refuses("sign_in", 1)).toBe(true);
    expect(refuses("change", 1.99)).toBe(false);
    expect(refuses("change", 2)).toBe(true);
  });
});

describe("how many may be in flight", () => {
  it("starts at a quarter of the most, shrinks by a tenth on a slow answer at most every 100 ms, grows by 1/limit on a fast one", () => {
    const limit = createInFlightLimit({ max: 40, latencyMs: 250 });
    expect(limit.now()).toBe(10);
    limit.answered(251, 1_000, 5);
    expect(limit.now()).toBe(9);
    // The same slow turn ended another one: not shrunk twice.
    limit.answered(400, 1_099, 9);
    expect(limit.now()).toBe(9);
    limit.answered(400, 1_100, 9);
    expect(limit.now()).toBeCloseTo(8.1, 10);
    limit.answered(250, 1_200, 1);
    expect(limit.now()).toBeCloseTo(8.1 + 1 / 8.1, 10);
  });

  it("is not shrunk by a slow answer that ran beside fewer than half the limit (a dear route, not a queue)", () => {
    const limit = createInFlightLimit({ max: 40, latencyMs: 100 });
    limit.answered(5_000, 1_000, 4);
    expect(limit.now()).toBe(10);
    limit.answered(5_000, 2_000, 5);
    expect(limit.now()).toBe(9);
  });

  it("never goes past the most nor below 2", () => {
    const limit = createInFlightLimit({ max: 12, latencyMs: 100 });
    for (let i = 0; i < 500; i++) limit.answered(1, i, 12);
    expect(limit.now()).toBe(12);
    for (let i = 0; i < 500; i++) limit.answered(1_000, i * 100, 12);
    expect(limit.now()).toBe(2);
  });
});

/** Holds the event loop as a long synchronous task would, then lets the timers (the sampler's) run. */
async function stallLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("a process whose event loop stalls", () => {
  // A bound of 20 ms and a 600 ms stall: pressure 30, which takes many samples to fade below 2.
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await createTestApp({
      config: { loadShed: { loopDelayMs: 20, poolWaitMs: 0, inFlight: 0, latencyMs: 250 } },
    });
    // Building the app and seeding held the loop too: waits for the delay seen to fade.
    while (t.app.loadShed.pressure() >= 1) await new Promise((resolve) => setTimeout(resolve, 25));
    player = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("answers reads, sign-ins and state changes 503 at once with Retry-After, and still answers health", async () => {
    await stallLoop(600);
    expect(t.app.loadShed.pressure()).toBeGreaterThanOrEqual(2);
    const [read, signIn, change, ready, metrics] = await Promise.all([
      player.get("/api/me"),
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        payload: { email: player.me.email, password: "whatever-it-is" },
      }),
      player.request({ method: "POST", url: "/api/bank/deposit", payload: { amount: 1 } }),
      t.app.inject("/api/health/ready"),
      t.app.inject("/api/health/live"),
    ]);
    for (const [answer, kind] of [
      [read, "read"],
      [signIn, "sign_in"],
      [change, "change"],
    ] as const) {
      expect(errorOf(answer)).toEqual({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
        message: "The game is briefly unavailable, please try again in a moment",
      });
      expect(answer.headers["retry-after"]).toBe("1");
      expect(answer.headers["x-load-shed"]).toBe(kind);
    }
    expect(ready.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
    // Refused before it moved a coin.
    await expect.poll(async () => (await player.get("/api/me")).statusCode, { timeout: 10_000 }).toBe(200);
    const bank = (await player.get("/api/bank")).json();
    expect(bank).toMatchObject({ vaultCoins: 0, depositsToday: 0, coins: player.me.coins });
    const figures = await t.app.metrics.render();
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="read"\} [1-9]\d*$/m);
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="sign_in"\} 1$/m);
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="change"\} 1$/m);
  });

  it("takes everything again once the loop is calm", async () => {
    await stallLoop(600);
    await expect.poll(() => t.app.loadShed.pressure(), { timeout: 10_000 }).toBeLessThan(1);
    const answer = await player.get("/api/me");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-load-shed"]).toBeUndefined();
  });
});

describe("a process with as many requests in flight as it admits", () => {
  // At most 8 in flight, so 2 to begin with: reads are refused from 2, state changes from 4.
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await createTestApp({
      config: { loadShed: { loopDelayMs: 0, poolWaitMs: 0, inFlight: 8, latencyMs: 60_000 } },
    });
    player = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("refuses reads past the limit, state changes past twice it, and finishes every one it admitted", async () => {
    expect(t.app.loadShed.limit()).toBe(2);
    // The player's row held by another transaction: the deposits the process admits wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from profiles where id = ${player.me.id} for update`);
      await held;
    });
    const deposit = () =>
      player.request({ method: "POST", url: "/api/bank/deposit", payload: { amount: 1 } });
    const admitted = [deposit(), deposit()];
    await expect.poll(() => t.app.loadShed.inFlight()).toBe(2);
    const read = await player.get("/api/me");
    expect(read.statusCode).toBe(503);
    expect(read.headers["x-load-shed"]).toBe("read");
    admitted.push(deposit(), deposit());
    await expect.poll(() => t.app.loadShed.inFlight()).toBe(4);
    const refused = await deposit();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["x-load-shed"]).toBe("change");
    release();
    await holding;
    expect((await Promise.all(admitted)).map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await player.get("/api/bank")).json()).toMatchObject({ vaultCoins: 4, depositsToday: 4 });
  });
});
