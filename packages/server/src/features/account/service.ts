// The account page's actions: a new password (the current one proves it is the player; every other session
// ends, so a thief's session does too) and signing out on every device.
import { accountMessages, type ChangePasswordBody } from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import { type Derive, hashPassword, verifyPassword } from "../../platform/auth/password";
import type { Sessions, SessionUser } from "../../platform/auth/session";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/database";
import { profiles } from "../../platform/db/schema";
import { AppError, badRequest } from "../../platform/errors";

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: {
  db: Db;
  sessions: Pick<Sessions, "endAll">;
  config: Pick<Config, "passwordHashCost">;
}) {
  const { db, sessions, config } = deps;

  return {
    /** Throws 403 for a wrong current password; returns how many other sessions ended. */
    async changePassword(user: SessionUser, input: ChangePasswordBody, derive: Derive): Promise<number> {
      const [row] = await db
        .select({ hash: profiles.passwordHash })
        .from(profiles)
        .where(eq(profiles.id, user.id));
      if (!row || !(await verifyPassword(input.currentPassword, row.hash, derive))) {
        throw new AppError(403, "INVALID_CREDENTIALS", accountMessages.currentPasswordWrong);
      }
      if (input.newPassword === input.currentPassword) throw badRequest(accountMessages.newPasswordSame);
      // Slow on purpose: before the transaction, so no lock is held while it runs.
      const hash = await hashPassword(input.newPassword, config.passwordHashCost, derive);
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(profiles)
          .set({ passwordHash: hash })
          .where(eq(profiles.id, user.id))
          .returning({ id: profiles.id });
        if (changed.length === 0) throw new AppError(401, "NOT_AUTHENTICATED", "Not authenticated");
        return sessions.endAll(tx, user.id, user.sessionId);
      });
    },

    signOutEverywhere: (user: SessionUser) => db.transaction((tx) => sessions.endAll(tx, user.id, null)),
  };
}
