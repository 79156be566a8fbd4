// One player cannot starve the rest: a rate per player and a cap on requests in flight, with 429, Retry-After
// and the error shape; the sign-in limit counted in the same store.
import { connect } from "node:net";
import type { FastifyReply } from "fastify";
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, signUp, type TestApp } from "../../../test/helpers";
import type { Config } from "../config";
import { limitMessages, type RequestLimits } from "./request-limits";

const shared = appsOnOneDatabase();
type Limits = Omit<Config["playerLimits"], "concurrentReads"> & { concurrentReads?: number };
/** Reads capped like every request unless a test says otherwise. */
const appWith = (limits: Limits) =>
  shared.appWith({ playerLimits: { concurrentReads: limits.concurrent, ...limits } });

/** A state one part of a test reaches (`reach()`) and another waits for (`reached`). */
function signal() {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { reached, reach };
}

/** Runs `then` in each request `admission` admits, once it has its slot and before it goes on; undone by the result. */
function afterAdmission(limits: RequestLimits, admission: "admitPlayer" | "admitRead", then: () => unknown) {
  type Admit = (...args: unknown[]) => Promise<() => void>;
  const admit = limits[admission] as Admit;
  const admitted: Admit = async (...args) => {
    const release = await admit(...args);
    await then();
    return release;
  };
  limits[admission] = admitted;
  return () => {
    limits[admission] = admit;
  };
}

describe("the per-player rate", () => {
  it("answers 429 with Retry-After past the limit, to that player only", async () => {
    const { app } = await appWith({ requests: 5, windowMs: 60_000, concurrent: 4 });
    const greedy = await signUp(app);
    const other = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await greedy.get("/api/me")).statusCode).toBe(200);
    const refused = await greedy.get("/api/bots");
    expect(errorOf(refused)).toEqual({ status: 429, code: "RATE_LIMITED", message: limitMessages.tooFast });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect((await other.get("/api/me")).statusCode).toBe(200);
    // The operator sees which limit refused it.
    const figures = await app.metrics.render();
    expect(figures).toMatch(/^bot_arena_rate_limited_total\{limiter="player_rate"\} 1$/m);
    expect(figures).toMatch(/^bot_arena_rate_limited_total\{limiter="player_concurrency"\} 0$/m);
  });

  it("refuses a session past its rate before looking it up again, so a flood costs the database nothing", async () => {
    const { app } = await appWith({ requests: 3, windowMs: 60_000, concurrent: 4 });
    const greedy = await signUp(app);
    const sessions = app.sessions;
    const authenticate = sessions.authenticate;
    let lookups = 0;
    sessions.authenticate = (...args) => {
      lookups += 1;
      return authenticate(...args);
    };
    try {
      for (let i = 0; i < 3; i++) expect((await greedy.get("/api/me")).statusCode).toBe(200);
      expect((await greedy.get("/api/me")).statusCode).toBe(429);
      expect(lookups).toBe(4);
      const flood = await Promise.all(Array.from({ length: 20 }, () => greedy.get("/api/bots")));
      expect(flood.every((a) => a.statusCode === 429 && a.headers["retry-after"])).toBe(true);
      expect(lookups).toBe(4);
    } finally {
      sessions.authenticate = authenticate;
    }
  });

  it("changes nothing when it refuses a state change", async () => {
    const { app } = await appWith({ requests: 2, windowMs: 60_000, concurrent: 4 });
    const player = await signUp(app);
    await player.get("/api/me");
    const before = (await player.get("/api/me")).json();
    const refused = await player.post("/api/bank/deposit", { amount: 100 });
    expect(errorOf(refused).status).toBe(429);
    const { app: fresh } = await appWith({ requests: 100, windowMs: 60_000, concurrent: 4 });
    const after = await fresh.inject({ method: "GET", url: "/api/me", headers: { cookie: player.cookie } });
    // On PostgreSQL the count is shared, so the fresh app may refuse too; either way no coin moved.
    if (after.statusCode === 200) expect(after.json()).toEqual(before);
  });
});

describe("requests in flight", () => {
  it("runs at most the cap of one player's 30 parallel reads at once; the rest wait their turn and succeed", async () => {
    const { app } = await appWith({ requests: 1_000, windowMs: 60_000, concurrent: 3 });
    const greedy = await signUp(app);
    // Each admitted request notes how many of the player's requests are running with it, and holds its slot until
    // the cap is reached: requests that finish faster than the next arrives, as they do when the rate check is a
    // round trip to Redis, would otherwise never overlap and the peak would say nothing.
    let peak = 0;
    const full = signal();
    const limits = app.requestLimits;
    afterAdmission(limits, "admitPlayer", () => {
      const running = limits.inFlight(greedy.id);
      peak = Math.max(peak, running);
      if (running >= 3) full.reach();
      return full.reached;
    });
    const asked = Promise.all(Array.from({ length: 30 }, () => greedy.get("/api/bots")));
    try {
      // The state the peak needs; if fewer than the cap can ever run together, this fails with the peak it saw.
      await expect.poll(() => peak).toBe(3);
    } finally {
      full.reach();
    }
    const answers = await asked;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(peak).toBe(3);
    expect(app.requestLimits.inFlight(greedy.id)).toBe(0);
  });

  it("refuses at once what would wait in too long a queue (64 at once), with the error shape", async () => {
    const { app } = await appWith({ requests: 1_000, windowMs: 60_000, concurrent: 1 });
    const greedy = await signUp(app);
    // A route whose handler reads the database holds its slot long enough for a queue to form (GET /api/me
    // answers from the session lookup alone, before the slot, and would let the 64 through one by one).
    const answers = await Promise.all(Array.from({ length: 64 }, () => greedy.get("/api/bots")));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(errorOf(refused[0]!)).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: limitMessages.tooManyAtOnce,
    });
    expect(refused[0]!.headers["retry-after"]).toBe("1");
    expect(app.requestLimits.inFlight(greedy.id)).toBe(0);
  });
});

describe("a client that leaves while it waits", () => {
  it("gives its slot back when the slot comes after it left, so the player is not locked out", async () => {
    const { app } = await appWith({ requests: 1_000, windowMs: 60_000, concurrent: 1 });
    const player = await signUp(app);
    const limits = app.requestLimits;
    const [firstIn, firstGoes] = [signal(), signal()];
    let admitted = 0;
    const undoAdmit = afterAdmission(limits, "admitPlayer", () => {
      admitted += 1;
      if (admitted > 1) return;
      firstIn.reach();
      return firstGoes.reached;
    });
    // The second request to ask for the session's slot (the socket's) is the one that waits for it: noted with its
    // reply and whether the slot has come, as the route asks for it.
    const admitSession = limits.admitSession;
    let sessionAsks = 0;
    let slotCame = false;
    // (The reply goes inside an object: a reply is a thenable, and a promise would wait for it to be sent.)
    let secondAsked: (asked: { reply: FastifyReply }) => void = () => {};
    const waiter = new Promise<{ reply: FastifyReply }>((resolve) => {
      secondAsked = resolve;
    });
    limits.admitSession = (session, reply) => {
      const slot = admitSession(session, reply);
      sessionAsks += 1;
      if (sessionAsks === 2) {
        void slot.then(() => {
          slotCame = true;
        });
        secondAsked({ reply });
      }
      return slot;
    };
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const port = new URL(address).port;
    try {
      const first = player.get("/api/bots");
      await firstIn.reached;
      // The second request waits for the only slot over a real socket, and its client goes away meanwhile.
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(`GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${player.cookie}\r\n\r\n`);
      const { reply: left } = await waiter;
      const gone = new Promise((resolve) => left.raw.once("close", resolve));
      socket.destroy();
      // The server has seen the client go while its request still waits for the slot.
      await gone;
      expect(slotCame).toBe(false);
      firstGoes.reach();
      expect((await first).statusCode).toBe(200);
      // The slot the departed request was handed must come back: the player's next request is served.
      undoAdmit();
      const next = await player.get("/api/bots");
      expect(next.statusCode).toBe(200);
      expect(limits.inFlight(player.id)).toBe(0);
    } finally {
      undoAdmit();
      limits.admitSession = admitSession;
      await new Promise((resolve) => app.server.close(resolve));
    }
  });
});

describe("reads in flight", () => {
  it("runs one player's 30 parallel reads one at a time under a read cap of 1; their writes keep the larger cap", async () => {
    const { app } = await appWith({ requests: 1_000, windowMs: 60_000, concurrent: 4, concurrentReads: 1 });
    const greedy = await signUp(app);
    let peakReads = 0;
    const limits = app.requestLimits;
    const undoPeak = afterAdmission(limits, "admitRead", () => {
      peakReads = Math.max(peakReads, limits.readsInFlight(greedy.id));
    });
    const answers = await Promise.all(Array.from({ length: 30 }, () => greedy.get("/api/bots")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(peakReads).toBe(1);
    expect(limits.readsInFlight(greedy.id)).toBe(0);
    undoPeak();
    // A state change takes no read slot: it is admitted beside a read that holds the only one.
    const [readIn, readGoes] = [signal(), signal()];
    const undoHold = afterAdmission(limits, "admitRead", () => {
      readIn.reach();
      return readGoes.reached;
    });
    const read = greedy.get("/api/bots");
    await readIn.reached;
    expect(limits.readsInFlight(greedy.id)).toBe(1);
    expect((await greedy.post("/api/bank/deposit", { amount: 1 })).statusCode).toBe(200);
    readGoes.reach();
    expect((await read).statusCode).toBe(200);
    undoHold();
  });
});

describe("one player's queue", () => {
  it("lets another player's request through while it drains, not after it", async () => {
    const { app } = await appWith({ requests: 1_000, windowMs: 60_000, concurrent: 4, concurrentReads: 1 });
    const greedy = await signUp(app);
    const other = await signUp(app);
    // The other player asks once the greedy queue has begun (its first read has the read slot), on a later turn of
    // the loop, as a request read from a socket comes.
    const draining = signal();
    const undo = afterAdmission(app.requestLimits, "admitRead", draining.reach);
    const finished: string[] = [];
    const greedyReads = Array.from({ length: 30 }, () =>
      greedy.get("/api/bots").then(() => finished.push("greedy")),
    );
    await draining.reached;
    await new Promise((resolve) => setImmediate(resolve));
    await other.get("/api/me").then(() => finished.push("other"));
    await Promise.all(greedyReads);
    undo();
    // Handed over within one turn of the loop, the greedy player's queue would all be answered first (30); how
    // many go before depends on the machine's load, so the bound leaves room.
    expect(finished.indexOf("other")).toBeLessThan(25);
  });
});

describe("several server processes", () => {
  it("count a player's requests together on PostgreSQL (each its own on PGlite, which is one process)", async () => {
    const limits = { requests: 4, windowMs: 60_000, concurrent: 4 };
    const one = await appWith(limits);
    const two = await appWith(limits);
    const player = await signUp(one.app);
    const onTwo = (url: string) => two.app.inject({ method: "GET", url, headers: { cookie: player.cookie } });
    for (let i = 0; i < 3; i++) expect((await player.get("/api/me")).statusCode).toBe(200);
    // Each process adds its count to the shared one every 100 ms (flushed here at once, as the timer would).
    await one.app.requestLimits.playerRate.flush();
    // The sign-up was not counted (public route): three on the first, so the second has one left.
    expect((await onTwo("/api/me")).statusCode).toBe(200);
    await two.app.requestLimits.playerRate.flush();
    expect((await onTwo("/api/me")).statusCode).toBe(shared.url ? 429 : 200);
  });

  it("count sign-in attempts of an address together too", async () => {
    const config = { rateLimit: { authMax: 2, authWindowMs: 60_000 } };
    const one = await shared.appWith(config);
    const two = await shared.appWith(config);
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        remoteAddress: "10.9.8.7",
        payload: { email: "nobody@arena.test", password: "wrong-password" },
      });
    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(401);
    const third = await attempt(two);
    expect(third.statusCode).toBe(shared.url ? 429 : 401);
    expect(await two.app.metrics.render()).toMatch(
      new RegExp(`^bot_arena_rate_limited_total\\{limiter="address"\\} ${shared.url ? 1 : 0}$`, "m"),
    );
  });
});
