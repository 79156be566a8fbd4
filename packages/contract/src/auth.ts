// Accounts: sign-up, sign-in and the signed-in player's own profile.
import { messages, validateUsername } from "@bot-arena/game";
import { coinsOf, userIdOf } from "./brands";
import { z } from "./zod";

export const authMessages = {
  usernameRequired: messages.usernameRequired,
  usernameTooLong: messages.usernameTooLong,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 200 characters",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is already taken",
  /** Another player's username has the same confusable skeleton (Unicode TS #39): it looks the same. */
  usernameTooSimilar: "This username looks the same as another player's",
  notAuthenticated: "Not authenticated",
  /** Every password check of this server is taken (a flood of sign-ins): 429 at once, with Retry-After. */
  passwordChecksBusy: "Too many sign-ins right now. Please try again in a few seconds.",
} as const;

const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }));

const password = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(6, authMessages.passwordTooShort)
  .max(200, authMessages.passwordTooLong);

export const signUpBody = z.object({
  username: z
    .string({ error: authMessages.usernameRequired })
    .trim()
    .min(1, authMessages.usernameRequired)
    .max(30, authMessages.usernameTooLong)
    // The rulebook's name rules (NFKC, no hidden characters, a letter or digit): the value is what is stored.
    .transform((raw, ctx) => {
      const name = validateUsername(raw);
      if (name.ok) return name.value;
      ctx.addIssue({ code: "custom", message: name.message });
      return z.NEVER;
    }),
  email,
  password,
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({
  email,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(200),
});
export type SignInBody = z.infer<typeof signInBody>;

export const me = z.object({
  id: userIdOf(),
  username: z.string(),
  email: z.string(),
  coins: coinsOf(),
  vaultCoins: coinsOf(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof me>;

/** GET /api/session: the signed-in player, or null for a visitor; a visitor is not an error (no 401). */
export const sessionState = z.object({ me: me.nullable() });
export type SessionState = z.infer<typeof sessionState>;

export const okBody = z.object({ ok: z.literal(true) });
