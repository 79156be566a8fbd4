// Server-side sessions behind an httpOnly cookie. The cookie holds a random token; the database holds only its
// sha256, so a leaked table cannot be replayed. Sessions slide: past half their lifetime, a visit renews them.
import { createHash, randomBytes } from "node:crypto";
import type {} from "@fastify/cookie";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, rowsOf } from "../db/database";
import { profiles, sessions, userRoles } from "../db/schema";
import type { UserId } from "../ids";
import type { Hit, LimitStore } from "../limits/store";
import { publish } from "../live/publish";

export const SESSION_COOKIE = "ba_session";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** last_seen is a hint for operators, not worth a write on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export type SessionUser = {
  id: UserId;
  username: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
  /** The balances as read with the session: what GET /api/me shows, never a basis for spending. */
  seen: { coins: number; vaultCoins: number };
};

/** The per-player rate a signed-in request counts against (platform/limits/request-limits.ts). */
export type PlayerRate = { store: LimitStore; windowMs: number };
/** The key under which a player's requests are counted. */
export const PLAYER_RATE_PREFIX = "player:";

type SessionRow = {
  session_id: string;
  expires_at: string | Date;
  last_seen: string | Date;
  id: string;
  username: string;
  email: string;
  coins: number | string;
  vault_coins: number | string;
  is_admin: boolean;
  hits: number | string;
  reset_in_ms: number | string;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in player, set by the route helper on routes that need a session. */
    user: SessionUser | null;
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, "sessionDays" | "cookieSecure">;
}) {
  const lifetimeMs = deps.config.sessionDays * 24 * 60 * 60_000;

  // The hot path of every signed-in request: one prepared statement (built once, planned once per connection).
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
   * On PostgreSQL the player's rate-limit hit rides along in the same statement (a data-modifying CTE), so a
   * signed-in request costs one round trip for both; no session, no hit.
   */
  async function lookupCountingHit(
    tokenHash: string,
    now: Date,
    embedded: NonNullable<LimitStore["embedded"]>,
    windowMs: number,
  ) {
    await embedded.ready();
    const result = await deps.db.execute(sql`
      with s as (
        select ${sessions.id} as session_id, ${sessions.expiresAt} as expires_at, ${sessions.lastSeen} as last_seen,
          ${profiles.id} as id, ${profiles.username} as username, ${profiles.email} as email,
          ${profiles.coins} as coins, ${profiles.vaultCoins} as vault_coins,
          exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin') as is_admin
        from ${sessions} join ${profiles} on ${profiles.id} = ${sessions.userId}
        where ${sessions.tokenHash} = ${tokenHash} and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
      ), hit as (${embedded.hit(sql`select ${PLAYER_RATE_PREFIX} || s.id::text from s`, windowMs)})
      select s.*, hit.hits, hit.reset_in_ms from s cross join hit`);
    const row = rowsOf<SessionRow>(result)[0];
    if (!row) return undefined;
    return {
      sessionId: row.session_id,
      expiresAt: new Date(row.expires_at),
      lastSeen: new Date(row.last_seen),
      id: row.id as UserId,
      username: row.username,
      email: row.email,
      coins: Number(row.coins),
      vaultCoins: Number(row.vault_coins),
      isAdmin: row.is_admin,
      hit: { count: Number(row.hits), resetInMs: Number(row.reset_in_ms) },
    };
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
     * renewed and its cookie re-sent. With a `rate`, the request is counted against the player's rate in the
     * same round trip where the store allows it (then `hit` holds the count; otherwise the caller counts).
     */
    async authenticate(
      request: FastifyRequest,
      reply?: FastifyReply,
      rate?: PlayerRate,
    ): Promise<(SessionUser & { hit?: Hit }) | null> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      const now = deps.clock.now();
      const embedded = rate?.store.embedded;
      const row =
        rate && embedded
          ? await lookupCountingHit(hashToken(token), now, embedded, rate.windowMs)
          : (await lookup.execute({ tokenHash: hashToken(token), now }))[0];
      if (!row) return null;

      const renew = reply && row.expiresAt.getTime() - now.getTime() < lifetimeMs / 2;
      if (renew || now.getTime() - row.lastSeen.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await deps.db
          .update(sessions)
          .set({ lastSeen: now, ...(renew ? { expiresAt: new Date(now.getTime() + lifetimeMs) } : {}) })
          .where(eq(sessions.id, row.sessionId));
        if (renew) setCookie(request, reply, token);
      }
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        isAdmin: Boolean(row.isAdmin),
        sessionId: row.sessionId,
        seen: { coins: Number(row.coins), vaultCoins: Number(row.vaultCoins) },
        ...("hit" in row ? { hit: row.hit as Hit } : {}),
      };
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
        await publish(db, { channel: "me", kind: "signed-out", userId, sessionId: session.id });
      }
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
            await publish(tx, {
              channel: "me",
              kind: "signed-out",
              userId: session.userId,
              sessionId: session.id,
            });
          }
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
    },
  };
}
