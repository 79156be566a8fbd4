// The players' accounts made straight through the server's own sign-up code on the run's PostgreSQL database,
// with one password hash made at the servers' full cost and shared by all of them: a thousand sign-ups through
// the API spend minutes in scrypt (cost 17: 128 MiB and ~0.3 s of CPU each), which measures hashing, not play.
// Every account still gets its starting coins through the ledger and a real session the servers accept.

import type { Me } from "@bot-arena/contract";
import { createAuthService } from "../../../packages/server/src/features/auth/service";
import { hashPassword } from "../../../packages/server/src/platform/auth/password";
import { createSessions, SESSION_COOKIE } from "../../../packages/server/src/platform/auth/session";
import { systemClock } from "../../../packages/server/src/platform/clock";
import { loadConfig } from "../../../packages/server/src/platform/config";
import { openPostgres } from "../../../packages/server/src/platform/db/postgres";

export type BulkAccount = { me: Me; cookie: string };

/** Opens the database, makes one hash, and returns a maker of accounts; close() when done. */
export async function openBulkAccounts(databaseUrl: string, password: string) {
  // The servers' own settings (PASSWORD_HASH_COST, SESSION_DAYS) from the same environment they start with.
  const config = { ...loadConfig(process.env), databaseUrl };
  const database = await openPostgres(databaseUrl, { poolSize: 8, log: { warn() {} } });
  const sessions = createSessions({ db: database.db, clock: systemClock, config });
  const auth = createAuthService({ db: database.db, sessions, config: { ...config, adminEmails: [] } });
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  return {
    async create(username: string, email: string): Promise<BulkAccount> {
      const { me, token } = await auth.createAccount({ username, email, password }, passwordHash);
      return { me, cookie: `${SESSION_COOKIE}=${token}` };
    },
    close: () => database.close(),
  };
}
