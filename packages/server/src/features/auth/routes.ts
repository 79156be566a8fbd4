// HTTP shape of accounts: sign-up, sign-in, sign-out, /api/me and the session probe /api/session.
import { type Me, routes } from "@bot-arena/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/database";
import { type RouteOptions, route } from "../../platform/route";
import { deviceKnownFor, recordSighting } from "../account/links";
import { createGuessingThrottle, deviceToken, isRememberedDeviceKey, isWrongPassword } from "./guessing";
import type { AuthService } from "./service";

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; config: Pick<Config, "rateLimit">; db: Db; clock: Clock },
): void {
  const { auth } = deps;
  // Where each account signs up and signs in from links accounts for the cash-out review (bank/links.ts).
  const sighted = (userId: Me["id"], device: string, request: FastifyRequest) =>
    recordSighting(deps.db, userId, { device, address: request.ip }, deps.clock.now());
  const limited: RouteOptions = {
    rateLimit: { max: deps.config.rateLimit.authMax, timeWindowMs: deps.config.rateLimit.authWindowMs },
  };

  route(
    app,
    routes.signUp,
    async ({ body, request, reply }) => {
      const { me, token } = await app.passwords.withSeat("unknown", reply, (derive) =>
        auth.signUp(body, derive),
      );
      await sighted(me.id, deviceToken(request, reply), request);
      app.sessions.setCookie(request, reply, token);
      reply.code(201);
      return me;
    },
    limited,
  );

  const guessing = createGuessingThrottle(app.requestLimits.store, (email, token) =>
    deviceKnownFor(deps.db, email, token, deps.clock.now()),
  );
  route(
    app,
    routes.signIn,
    async ({ body, request, reply }) => {
      const key = await guessing.signInKey(body.email, request);
      // A device that signed in to this account before goes ahead of strangers, in room they cannot fill.
      // The seat is taken before the attempt is counted, so "busy, try again" never counts as a guess.
      const seat = app.passwords.seat(isRememberedDeviceKey(key) ? "known" : "unknown", reply);
      try {
        const attempt = await guessing.admitSignIn(key, reply);
        const { me, token } = await auth.signIn(body, seat.derive).catch(async (error) => {
          if (isWrongPassword(error)) await guessing.failed(key, attempt);
          throw error;
        });
        seat.release();
        const device = await guessing.signedIn(key, request, reply);
        await sighted(me.id, device, request);
        app.sessions.setCookie(request, reply, token);
        return me;
      } finally {
        seat.release();
      }
    },
    limited,
  );

  route(app, routes.signOut, async ({ request, reply }) => {
    await app.sessions.end(request, reply);
    return { ok: true } as const;
  });

  route(app, routes.me, ({ user }) => auth.me(user));

  // The web app's "who am I" on every page: a visitor hears { me: null } instead of a 401 in the console.
  route(app, routes.session, async ({ request, reply }) => {
    reply.header("cache-control", "private, no-store");
    const user = await app.sessions.authenticate(request, reply);
    return { me: user ? await auth.me(user) : null };
  });
}
