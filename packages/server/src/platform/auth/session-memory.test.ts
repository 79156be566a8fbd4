// What a process remembers of sessions: no read per signed-in request while remembered, and nothing remembered
// outlives a sign-out, an ended session or a role change, in this process or another on the same database.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { appsOnOneDatabase, countStatements, sessionCookieOf, signUp } from "../../../test/helpers";
import { sessions } from "../db/schema";
import type { UserId } from "../ids";
import { grantAdmin, revokeAdmin } from "./roles";
import { SESSION_MEMORY_MS } from "./session";
import { createSessionMemory, type KnownSession } from "./session-memory";

const known = (userId: string, sessionId: string): KnownSession => ({
  sessionId,
  userId: userId as UserId,
  username: `player_${userId}`,
  email: `${userId}@arena.test`,
  isAdmin: false,
  expiresAt: new Date(2040, 0, 1),
  lastSeen: new Date(2030, 0, 1),
});

describe("the session memory", () => {
  it("remembers for its moment, and at most `max` sessions (the oldest give way)", () => {
    let now = 0;
    const memory = createSessionMemory({ ttlMs: 1_000, max: 2, now: () => now });
    memory.remember("a", known("u1", "s1"), memory.generation());
    memory.remember("b", known("u1", "s2"), memory.generation());
    expect(memory.recall("a")?.sessionId).toBe("s1");
    memory.remember("c", known("u2", "s3"), memory.generation());
    expect(memory.recall("a")).toBeUndefined();
    expect(memory.size()).toBe(2);
    now = 999;
    expect(memory.recall("b")?.sessionId).toBe("s2");
    now = 1_000;
    expect(memory.recall("b")).toBeUndefined();
  });

  it("forgets one session, or all of a player's, and ignores a lookup that began before a forget", () => {
    const memory = createSessionMemory({ ttlMs: 60_000, max: 100 });
    memory.remember("a", known("u1", "s1"), memory.generation());
    memory.remember("b", known("u1", "s2"), memory.generation());
    memory.remember("c", known("u2", "s3"), memory.generation());
    memory.forgetSession("u1", "s1");
    expect([memory.recall("a"), memory.recall("b")?.sessionId]).toEqual([undefined, "s2"]);
    memory.forgetUser("u1");
    expect(memory.recall("b")).toBeUndefined();
    expect(memory.recall("c")?.sessionId).toBe("s3");

    // A lookup read the row, then the session ended before it answered: what it read is not kept.
    const since = memory.generation();
    memory.forgetSession("u2", "s9");
    memory.remember("d", known("u2", "s9"), since);
    expect(memory.recall("d")).toBeUndefined();
  });

  it("forgets everything when the live bus came back (a forget may have been missed), lookups under way too", () => {
    const memory = createSessionMemory({ ttlMs: 60_000, max: 100 });
    memory.remember("a", known("u1", "s1"), memory.generation());
    memory.remember("b", known("u2", "s2"), memory.generation());
    const since = memory.generation();
    memory.forgetAll();
    memory.remember("c", known("u3", "s3"), since);
    expect([memory.recall("a"), memory.recall("b"), memory.recall("c"), memory.size()]).toEqual([
      undefined,
      undefined,
      undefined,
      0,
    ]);
  });
});

describe("two server processes on one database", () => {
  const shared = appsOnOneDatabase();
  // Waits well inside the memory's moment, so a pass shows the notification did it, not the moment passing.
  const soon = { timeout: SESSION_MEMORY_MS / 2, interval: 20 };

  it("a remembered session reads nothing on a signed-in route; GET /api/me reads the player's fresh balances", async () => {
    // No background loops: the statements counted are the request's own.
    const one = await shared.appWith({ reconcilerIntervalMs: 0, economyAuditMinutes: 0 });
    const player = await signUp(one.app);
    expect((await player.get("/api/me")).statusCode).toBe(200);
    // The session row is gone behind the memory's back: still remembered, so the route answers without it.
    await one.db.delete(sessions).where(eq(sessions.userId, player.id));
    const preview = "/api/bots/preview.svg?model=Nova%20S-4&colorScheme=Cyber%20Blue";
    const statements = await countStatements(one, () => player.get(preview));
    expect(statements.answer.statusCode).toBe(200);
    expect(statements.count).toBe(0);

    const me = await countStatements(one, () => player.get("/api/me"));
    expect(me.answer.json<{ coins: number }>().coins).toBe(player.me.coins);
    expect(me.count).toBe(1);
  });

  it("signing out on one process ends the session on the other at once", async () => {
    const one = await shared.appWith();
    const two = await shared.appWith();
    const player = await signUp(one.app);
    const onTwo = () => two.app.inject({ method: "GET", url: "/api/me", headers: { cookie: player.cookie } });
    expect((await onTwo()).statusCode).toBe(200);
    expect((await player.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect((await player.get("/api/me")).statusCode).toBe(401);
    await vi.waitFor(async () => expect((await onTwo()).statusCode).toBe(401), soon);
  });

  it("changing the password on one process ends the other sessions on the other", async () => {
    const one = await shared.appWith();
    const two = await shared.appWith();
    const player = await signUp(one.app);
    const signIn = await two.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: player.email, password: player.password },
    });
    const otherDevice = sessionCookieOf(signIn)!;
    const onTwo = () => two.app.inject({ method: "GET", url: "/api/me", headers: { cookie: otherDevice } });
    expect((await onTwo()).statusCode).toBe(200);
    const changed = await player.request({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: player.password, newPassword: "a brand new one" },
    });
    expect(changed.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await onTwo()).statusCode).toBe(401), soon);
    expect((await player.get("/api/me")).statusCode).toBe(200);
  });

  it("a role granted or revoked from elsewhere (the admin CLI) reaches a remembered session at once", async () => {
    const one = await shared.appWith();
    const player = await signUp(one.app);
    const adminPage = () => player.get("/api/admin/operations");
    expect((await adminPage()).statusCode).toBe(403);
    await grantAdmin(one.db, player.email);
    await vi.waitFor(async () => expect((await adminPage()).statusCode).toBe(200), soon);
    await revokeAdmin(one.db, player.email);
    await vi.waitFor(async () => expect((await adminPage()).statusCode).toBe(403), soon);
  });
});
