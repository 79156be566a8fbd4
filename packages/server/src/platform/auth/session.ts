// Server-side sessions behind an httpOnly cookie. The cookie holds a random token; the database holds only its
// sha256, so a leaked table cannot be replayed. Sessions slide: past half their lifetime, a visit renews them.
import { createHash, randomBytes } from "node:crypto";
import type {} from "@fastify/cookie";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { profiles, sessions, userRoles } from "../db/schema";
import type { UserId } from "../ids";
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
      const rows = await deps.db
        .select({
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
          lastSeen: sessions.lastSeen,
          id: profiles.id,
          username: profiles.username,
          email: profiles.email,
          isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
        })
        .from(sessions)
        .innerJoin(profiles, eq(profiles.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)));
      const row = rows[0];
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
      };
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
