// Server-side sessions behind an httpOnly cookie. The cookie holds a random token; the database holds only its
// sha256, so a leaked table cannot be replayed. Sessions slide: past half their lifetime, a visit renews them.
import { hash, randomBytes } from "node:crypto";
import { SIGNED_OUT_KIND } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import type {} from "@fastify/cookie";
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { profiles, sessions, userRoles } from "../db/schema";
import type { UserId } from "../ids";
import type { BusBarrier } from "../live/bus-barrier";
import { alwaysHeard, type BusTrust } from "../live/bus-trust";
import { afterCommit, type LiveEnvelope, publish } from "../live/publish";
import { createRevocations } from "./revocations";
import { createSessionMemory, type KnownSession } from "./session-memory";

export const SESSION_COOKIE = "ba_session";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** last_seen is a hint for operators, not worth a write on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
/** How long a process trusts what it learned of a session when no notification reaches it (session-memory.ts). */
export const SESSION_MEMORY_MS = 5_000;
const SESSIONS_REMEMBERED = 20_000;
/** Requests that change nothing: answered from memory without waiting for the bus's barrier. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type SessionUser = {
  id: UserId;
  username: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
  /**
   * The balances, when the session was looked up in the database for this request (null when it was
   * remembered, as it mostly is): what GET /api/me may show, never a basis for spending.
   */
  seen: { coins: Coins; vaultCoins: Coins } | null;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in player, set by the route helper on routes that need a session. */
    user: SessionUser | null;
  }
}

// The one-shot hash: under half of createHash().update().digest()'s cost, on every signed-in request.
const hashToken = (token: string) => hash("sha256", token, "hex");

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, "sessionDays" | "cookieSecure">;
  /**
   * Whether this process hears the live bus (the database's bus.trust): a sign-out elsewhere reaches this
   * process only over it, so the memory is used only while it is heard. Absent: always heard (one process).
   */
  trust?: BusTrust;
  /**
   * The bus's barrier (bus-barrier.ts): passed before a remembered session is used for a state change, so a
   * sign-out that answered before this request came, on any process, has been heard. Absent: nothing to wait
   * for (one process).
   */
  barrier?: BusBarrier;
}) {
  const lifetimeMs = deps.config.sessionDays * 24 * 60 * 60_000;
  const trust = deps.trust ?? alwaysHeard();
  const barrier = deps.barrier ?? (async () => true);

  const memory = createSessionMemory({ ttlMs: SESSION_MEMORY_MS, max: SESSIONS_REMEMBERED });
  /** The bus's epoch the memory holds sessions of; another epoch began after a gap a sign-out may hide in. */
  let memoryEpoch: number | null = null;
  const revocations = createRevocations({ trust, memoryMs: SESSION_MEMORY_MS });

  // A session not remembered: who it is, with the player's row. Prepared (planned once per connection).
  const lookup = deps.db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeen: sessions.lastSeen,
      id: profiles.id,
      username: profiles.username,
      email: profiles.email,
      coins: profiles.coins,
      vaultCoins: profiles.vaultCoins,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("session_lookup");

  /**
   * The session and, when it was not remembered, its player's balances: no database read when it was. While
   * this process does not hear the bus (Redis down or silent, the LISTEN connection lost), a sign-out on another
   * process could not reach it: every request reads the session, and nothing is remembered, until it hears the
   * bus again, in a new epoch that recalls nothing from before the gap. A state change answered from memory
   * first passes the bus's barrier: a sign-out that answered anywhere before it came has then been heard here.
   * A read does not wait for it (a round trip on the bus per read); it may still be answered in the moment, a
   * few milliseconds, the bus takes to reach this process after another's sign-out answered.
   */
  async function find(tokenHash: string, now: Date, changesState: boolean) {
    const epoch = trust.epoch();
    if (epoch !== memoryEpoch) {
      memory.forgetAll();
      memoryEpoch = epoch;
    }
    const known = epoch === null ? undefined : memory.recall(tokenHash);
    if (known && known.expiresAt > now) {
      if (!changesState) return { session: known, seen: null };
      if ((await barrier()) && trust.epoch() === epoch) {
        // Asked again: the barrier let in whatever the bus held, a forget of this session perhaps.
        const still = memory.recall(tokenHash);
        if (still) return { session: still, seen: null };
      }
    }
    const since = memory.generation();
    const row = (await lookup.execute({ tokenHash, now }))[0];
    if (!row) return undefined;
    const session: KnownSession = {
      sessionId: row.sessionId,
      userId: row.id,
      username: row.username,
      email: row.email,
      isAdmin: Boolean(row.isAdmin),
      expiresAt: row.expiresAt,
      lastSeen: row.lastSeen,
    };
    // Heard throughout the lookup, in the same epoch: a sign-out meanwhile would have been heard (and forgotten).
    if (epoch !== null && trust.epoch() === epoch) memory.remember(tokenHash, session, since);
    return { session, seen: { coins: Coins(Number(row.coins)), vaultCoins: Coins(Number(row.vaultCoins)) } };
  }

  function setCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    const secure =
      deps.config.cookieSecure === "always" ||
      (deps.config.cookieSecure === "auto" && request.protocol === "https");
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: Math.floor(lifetimeMs / 1000),
      secure,
    });
  }

  return {
    /** Creates a session row (inside the caller's transaction if given one); returns the cookie token. */
    async create(db: Db, userId: UserId): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const now = deps.clock.now();
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeen: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
      return token;
    },

    setCookie,

    /**
     * The player behind the request's cookie, or null. With a reply, a session past half its lifetime is
     * renewed and its cookie re-sent.
     */
    async authenticate(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      const now = deps.clock.now();
      const tokenHash = hashToken(token);
      const found = await find(tokenHash, now, !SAFE_METHODS.has(request.method));
      if (!found) return null;
      const { session, seen } = found;

      const renew = reply && session.expiresAt.getTime() - now.getTime() < lifetimeMs / 2;
      if (renew || now.getTime() - session.lastSeen.getTime() > LAST_SEEN_RESOLUTION_MS) {
        const dates = {
          lastSeen: now,
          expiresAt: renew ? new Date(now.getTime() + lifetimeMs) : session.expiresAt,
        };
        await deps.db.update(sessions).set(dates).where(eq(sessions.id, session.sessionId));
        memory.touch(tokenHash, dates);
        if (renew) setCookie(request, reply, token);
      }
      return {
        id: session.userId,
        username: session.username,
        email: session.email,
        isAdmin: session.isAdmin,
        sessionId: session.sessionId,
        seen,
      };
    },

    /**
     * What every process hears of sessions ending and roles changing (the live hub passes each notification):
     * what it remembered of them is forgotten.
     */
    observe(envelope: Pick<LiveEnvelope, "channel" | "kind" | "userId" | "sessionId">) {
      if (envelope.channel !== "me" || !envelope.userId) return;
      if (envelope.kind === SIGNED_OUT_KIND) {
        if (envelope.sessionId) {
          memory.forgetSession(envelope.userId, envelope.sessionId);
          // This process's own sign-out waits to hear its revocation back (revocations.ts).
          revocations.heard(envelope.sessionId);
        } else memory.forgetUser(envelope.userId);
      } else if (envelope.kind === "profile") {
        memory.forgetUser(envelope.userId);
      }
    },

    /** The live bus came back after a drop: a forget may have been missed, so nothing is remembered. */
    resynced() {
      memory.forgetAll();
    },

    /** Of these session ids, the ones whose session still exists and has not expired (one statement). */
    async alive(sessionIds: readonly string[]): Promise<ReadonlySet<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, deps.clock.now())));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Ends every session of a player but `keep` (none kept when null), inside the caller's transaction, and
     * signs out their open sockets; returns how many ended.
     */
    async endAll(db: Db, userId: UserId, keep: string | null): Promise<number> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
        .returning({ id: sessions.id });
      for (const session of ended) {
        memory.forgetSession(userId, session.id);
        await publish(db, { channel: "me", kind: SIGNED_OUT_KIND, userId, sessionId: session.id });
      }
      // The caller's transaction answers only once every process has heard these end (or cannot trust what it
      // remembers): from then on no process accepts them.
      if (ended.length > 0) await afterCommit(() => revocations.confirm(ended.map((session) => session.id)));
      return ended.length;
    },

    clearCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
    },

    /** Ends the request's session (if any) on the server, clears the cookie and signs out its open sockets. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token && TOKEN_SHAPE.test(token)) {
        await deps.db.transaction(async (tx) => {
          const ended = await tx
            .delete(sessions)
            .where(eq(sessions.tokenHash, hashToken(token)))
            .returning({ id: sessions.id, userId: sessions.userId });
          const session = ended[0];
          if (session) {
            memory.forgetSession(session.userId, session.id);
            await publish(tx, {
              channel: "me",
              kind: SIGNED_OUT_KIND,
              userId: session.userId,
              sessionId: session.id,
            });
            // The sign-out answers once every process has heard it (or cannot trust what it remembers).
            await afterCommit(() => revocations.confirm([session.id]));
          }
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
    },
  };
}
