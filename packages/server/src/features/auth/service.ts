// Accounts: sign-up (account, 1000 starting coins, session in one transaction), sign-in, and the player's profile.

import { authMessages, type Me, type SignInBody, type SignUpBody } from "@bot-arena/contract";
import { Coins, nameSkeleton, validateUsername } from "@bot-arena/game";
import { and, eq, sql } from "drizzle-orm";
import {
  type Derive,
  dummyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "../../platform/auth/password";
import { grantAdminTo, isAdmin } from "../../platform/auth/roles";
import type { Sessions, SessionUser } from "../../platform/auth/session";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/database";
import { isUniqueViolation } from "../../platform/db/pg-error";
import { profiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins, NEW_ACCOUNT_COINS } from "../../platform/ledger";
import { refuse } from "../../platform/refuse";

export type AuthService = ReturnType<typeof createAuthService>;

const emailTaken = () => new AppError(409, "EMAIL_TAKEN", authMessages.emailTaken);
const usernameTaken = () => new AppError(409, "USERNAME_TAKEN", authMessages.usernameTaken);
const usernameTooSimilar = () => new AppError(409, "USERNAME_TAKEN", authMessages.usernameTooSimilar);
const invalidCredentials = () => new AppError(401, "INVALID_CREDENTIALS", authMessages.invalidCredentials);

export function createAuthService(deps: {
  db: Db;
  sessions: Pick<Sessions, "create">;
  config: Pick<Config, "adminEmails" | "passwordHashCost">;
  /** The game's clock for the account's creation time (a cash-out opens after its age): the database's otherwise. */
  clock?: Clock;
}) {
  const { db, sessions, config } = deps;
  const unknownEmailHash = dummyHash(config.passwordHashCost);
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  const balancesOf = db
    .select({ coins: profiles.coins, vaultCoins: profiles.vaultCoins })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")))
    .prepare("me_balances");

  async function profileOf(userId: UserId, admin: boolean, executor: Db = db): Promise<Me> {
    const rows = await executor
      .select({
        id: profiles.id,
        username: profiles.username,
        email: profiles.email,
        coins: profiles.coins,
        vaultCoins: profiles.vaultCoins,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const row = rows[0];
    if (!row) throw new AppError(401, "NOT_AUTHENTICATED", authMessages.notAuthenticated);
    return { ...row, coins: Coins(row.coins), vaultCoins: Coins(row.vaultCoins), isAdmin: admin };
  }

  async function createAccount(input: SignUpBody, passwordHash: string): Promise<{ me: Me; token: string }> {
    try {
      // The route's contract has already normalized and checked the name; checked again for callers that are
      // not a route (the bench's bulk accounts). The skeleton makes 'Admin' and 'Аdmin' (Cyrillic A) one name.
      const username = refuse(validateUsername(input.username));
      const usernameSkeleton = nameSkeleton(username);
      return await db.transaction(async (tx) => {
        const taken = await tx
          .select({
            email: sql<boolean>`lower(${profiles.email}) = lower(${input.email})`,
            username: sql<boolean>`lower(${profiles.username}) = lower(${username})`,
          })
          .from(profiles)
          .where(
            sql`lower(${profiles.email}) = lower(${input.email}) or lower(${profiles.username}) = lower(${username}) or ${profiles.usernameSkeleton} = ${usernameSkeleton}`,
          );
        if (taken.some((row) => row.email)) throw emailTaken();
        if (taken.some((row) => row.username)) throw usernameTaken();
        if (taken.length > 0) throw usernameTooSimilar();

        const [created] = await tx
          .insert(profiles)
          .values({
            username,
            usernameSkeleton,
            email: input.email,
            passwordHash,
            ...(deps.clock ? { createdAt: deps.clock.now() } : {}),
          })
          .returning({ id: profiles.id });
        const userId = created!.id;
        await moveCoins(tx, {
          userId,
          account: "wallet",
          credit: Coins(NEW_ACCOUNT_COINS),
          reason: "signup_bonus",
        });
        const admin = isAdminEmail(input.email);
        if (admin) await grantAdminTo(tx, userId);
        const token = await sessions.create(tx, userId);
        return { me: await profileOf(userId, admin, tx), token };
      });
    } catch (error) {
      // Two sign-ups racing past the check: the unique indexes decide.
      if (isUniqueViolation(error, "profiles_email_lower_unique")) throw emailTaken();
      if (isUniqueViolation(error, "profiles_username_lower_unique")) throw usernameTaken();
      if (isUniqueViolation(error, "profiles_username_skeleton_unique")) throw usernameTooSimilar();
      throw error;
    }
  }

  return {
    /**
     * Returns the new player's profile and a session token for the cookie. `derive` runs scrypt (the route's
     * seat on the hash workers).
     */
    async signUp(input: SignUpBody, derive: Derive): Promise<{ me: Me; token: string }> {
      // Hashing is slow on purpose; do it before the transaction holds any lock.
      return createAccount(input, await hashPassword(input.password, config.passwordHashCost, derive));
    },

    /**
     * Sign-up with the password already hashed (at full cost): the simulated-players bench makes a thousand
     * accounts with one hash this way, so its set-up does not spend minutes in scrypt. Not a route.
     */
    createAccount,

    /** One neutral refusal for unknown email and wrong password, in about the same time. */
    async signIn(input: SignInBody, derive: Derive): Promise<{ me: Me; token: string }> {
      const rows = await db
        .select({ id: profiles.id, email: profiles.email, passwordHash: profiles.passwordHash })
        .from(profiles)
        .where(sql`lower(${profiles.email}) = lower(${input.email})`);
      const account = rows[0];
      if (!account) {
        await verifyPassword(input.password, unknownEmailHash, derive);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(input.password, account.passwordHash, derive))) throw invalidCredentials();
      // A hash made at an older, lower cost is replaced now that the password is known to be right.
      const upgraded = needsRehash(account.passwordHash, config.passwordHashCost)
        ? await hashPassword(input.password, config.passwordHashCost, derive)
        : null;
      return db.transaction(async (tx) => {
        if (upgraded) {
          // Only if nobody changed the password meanwhile.
          await tx
            .update(profiles)
            .set({ passwordHash: upgraded })
            .where(and(eq(profiles.id, account.id), eq(profiles.passwordHash, account.passwordHash)));
        }
        if (isAdminEmail(account.email)) await grantAdminTo(tx, account.id);
        const token = await sessions.create(tx, account.id);
        return { me: await profileOf(account.id, await isAdmin(tx, account.id), tx), token };
      });
    },

    /**
     * The balances the session lookup read, or (a remembered session reads nothing) the player's row by its
     * key: GET /api/me costs one query either way (docs/performance-history.md).
     */
    async me(user: SessionUser): Promise<Me> {
      const seen = user.seen ?? (await balancesOf.execute({ id: user.id }))[0];
      if (!seen) throw new AppError(401, "NOT_AUTHENTICATED", authMessages.notAuthenticated);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        coins: Coins(Number(seen.coins)),
        vaultCoins: Coins(Number(seen.vaultCoins)),
        isAdmin: user.isAdmin,
      };
    },
  };
}
