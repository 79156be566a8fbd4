// HTTP shape of the account page: change password and sign out everywhere.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../platform/errors";
import { route } from "../../platform/route";
import { createGuessingThrottle, isWrongPassword } from "../auth/guessing";
import type { AccountService } from "./service";

export function accountRoutes(app: FastifyInstance, deps: { account: AccountService }): void {
  const { account } = deps;
  const guessing = createGuessingThrottle(app.requestLimits.store);

  route(app, routes.changePassword, async ({ body, user, reply }) => {
    const key = guessing.passwordChangeKey(user.id);
    // A signed-in player is known: the check goes in the lane strangers cannot fill. Taken before the attempt
    // is counted, so "busy, try again" never counts as a wrong password.
    const seat = app.passwords.seat("known", reply);
    try {
      const attempt = await guessing.admitPasswordChange(key, reply);
      const signedOut = await account.changePassword(user, body, seat.derive).catch(async (error) => {
        if (isWrongPassword(error)) await guessing.failed(key, attempt);
        // The current password was right (only the new one was refused): the attempt is no guess.
        else if (error instanceof AppError && error.status === 400) await guessing.passwordChanged(key);
        throw error;
      });
      seat.release();
      await guessing.passwordChanged(key);
      return { ok: true, signedOut } as const;
    } finally {
      seat.release();
    }
  });

  route(app, routes.signOutEverywhere, async ({ user, reply }) => {
    await account.signOutEverywhere(user);
    app.sessions.clearCookie(reply);
    return { ok: true } as const;
  });
}
