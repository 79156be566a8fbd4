import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, type Player, signUp, type TestApp } from "../../test/helpers";
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
  it("starts at 2 and adds a whole request per fast answer up to a quarter of the most, then 1/limit", () => {
    const limit = createInFlightLimit({ max: 40, latencyMs: 100 });
    expect(limit.now()).toBe(2);
    for (let i = 0; i < 8; i++) limit.answered(100, i, 1);
    expect(limit.now()).toBe(10);
    limit.answered(10, 9, 1);
    expect(limit.now()).toBeCloseTo(10.1, 10);
  });

  it("shrinks as much as the answer was slow, by a tenth to a half, at most every 100 ms, and ends the slow start", () => {
    const limit = createInFlightLimit({ max: 80, latencyMs: 100 });
    for (let i = 0; i < 18; i++) limit.answered(1, i, 1);
    expect(limit.now()).toBe(20);
    // 125 ms against 100: by a fifth.
    limit.answered(125, 1_000, 10);
    expect(limit.now()).toBe(16);
    // The same slow turn ended another one: not shrunk twice.
    limit.answered(400, 1_099, 16);
    expect(limit.now()).toBe(16);
    // Four times too slow: halved, not quartered.
    limit.answered(400, 1_100, 16);
    expect(limit.now()).toBe(8);
    // Barely slow: still a tenth.
    limit.answered(101, 1_200, 8);
    expect(limit.now()).toBeCloseTo(7.2, 10);
    // No slow start any more: a fast answer adds 1/limit.
    limit.answered(50, 1_300, 1);
    expect(limit.now()).toBeCloseTo(7.2 + 1 / 7.2, 10);
  });

  it("is not shrunk by a slow answer that ran beside fewer than half the limit (a dear route, not a queue)", () => {
    const limit = createInFlightLimit({ max: 40, latencyMs: 100 });
    for (let i = 0; i < 8; i++) limit.answered(1, i, 1);
    limit.answered(5_000, 1_000, 4);
    expect(limit.now()).toBe(10);
    limit.answered(5_000, 2_000, 5);
    expect(limit.now()).toBe(5);
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

/** The shedder stands in front of Fastify, on the server's own sockets: these tests use real ones. */
async function listening(t: TestApp, player: Player) {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        cookie: player.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : null };
  };
  /** A live socket's upgrade: the status it was answered with (101 when it opened). */
  const upgrade = () =>
    new Promise<{ status: number; shed: string | undefined }>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`, { headers: { cookie: player.cookie } });
      socket.on("unexpected-response", (_request, response) => {
        resolve({
          status: response.statusCode ?? 0,
          shed: response.headers["x-load-shed"] as string | undefined,
        });
        response.resume();
      });
      socket.on("open", () => {
        resolve({ status: 101, shed: undefined });
        socket.close();
      });
      socket.on("error", (error) =>
        error.message.includes("Unexpected server response") ? null : reject(error),
      );
    });
  return { call, upgrade };
}

const refusal = {
  error: {
    code: "SERVICE_UNAVAILABLE",
    message: "The game is briefly unavailable, please try again in a moment",
  },
};

describe("a process whose event loop stalls", () => {
  // A bound of 20 ms and a 600 ms stall: pressure 30, which takes many samples to fade below 2.
  let t: TestApp;
  let player: Player;
  let server: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    t = await createTestApp({
      config: { loadShed: { loopDelayMs: 20, poolWaitMs: 0, inFlight: 0, latencyMs: 250 } },
    });
    // Building the app and seeding held the loop too: waits for the delay seen to fade.
    while (t.app.loadShed.pressure() >= 1) await new Promise((resolve) => setTimeout(resolve, 25));
    player = await signUp(t.app);
    server = await listening(t, player);
  });
  afterAll(() => t.close());

  it("answers reads, sign-ins, state changes and live sockets 503 at once with Retry-After, before Fastify sees them, and still answers health", async () => {
    await stallLoop(600);
    expect(t.app.loadShed.pressure()).toBeGreaterThanOrEqual(2);
    const [read, signIn, change, socket, ready, live] = await Promise.all([
      server.call("GET", "/api/me"),
      server.call("POST", "/api/auth/sign-in", { email: player.me.email, password: "whatever-it-is" }),
      server.call("POST", "/api/bank/deposit", { amount: 1 }),
      server.upgrade(),
      server.call("GET", "/api/health/ready"),
      server.call("GET", "/api/health/live"),
    ]);
    for (const [answer, kind] of [
      [read, "read"],
      [signIn, "sign_in"],
      [change, "change"],
    ] as const) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(refusal);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.headers.get("x-load-shed")).toBe(kind);
    }
    expect(socket).toEqual({ status: 503, shed: "read" });
    expect(ready.status).toBe(200);
    expect(live.status).toBe(200);
    // Refused before it moved a coin.
    await expect
      .poll(async () => (await server.call("GET", "/api/me")).status, { timeout: 10_000 })
      .toBe(200);
    expect((await server.call("GET", "/api/bank")).body).toMatchObject({
      vaultCoins: 0,
      depositsToday: 0,
      coins: player.me.coins,
    });
    const figures = await t.app.metrics.render();
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="read"\} [1-9]\d*$/m);
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="sign_in"\} 1$/m);
    expect(figures).toMatch(/^bot_arena_load_shed_total\{kind="change"\} 1$/m);
    // Fastify never saw them: no 5xx among the answers it counted.
    expect(figures).not.toMatch(/^bot_arena_http_requests_total\{status="5xx"\} [1-9]/m);
  });

  it("takes everything again once the loop is calm, live sockets too", async () => {
    await stallLoop(600);
    await expect.poll(() => t.app.loadShed.pressure(), { timeout: 10_000 }).toBeLessThan(1);
    const answer = await server.call("GET", "/api/me");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-load-shed")).toBeNull();
    expect(await server.upgrade()).toEqual({ status: 101, shed: undefined });
  });
});

describe("a process with as many requests in flight as it admits", () => {
  // At most 8 in flight, and it starts at 2: reads are refused from 2, state changes from 4.
  let t: TestApp;
  let player: Player;
  let server: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    t = await createTestApp({
      config: { loadShed: { loopDelayMs: 0, poolWaitMs: 0, inFlight: 8, latencyMs: 60_000 } },
    });
    player = await signUp(t.app);
    server = await listening(t, player);
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
    const deposit = () => server.call("POST", "/api/bank/deposit", { amount: 1 });
    const admitted = [deposit(), deposit()];
    await expect.poll(() => t.app.loadShed.inFlight()).toBe(2);
    const read = await server.call("GET", "/api/me");
    expect(read.status).toBe(503);
    expect(read.headers.get("x-load-shed")).toBe("read");
    admitted.push(deposit(), deposit());
    await expect.poll(() => t.app.loadShed.inFlight()).toBe(4);
    const refused = await deposit();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("x-load-shed")).toBe("change");
    release();
    await holding;
    expect((await Promise.all(admitted)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await server.call("GET", "/api/bank")).body).toMatchObject({ vaultCoins: 4, depositsToday: 4 });
  });
});
