// The signed-in player's account page: change the password (the current one required; every other session
// ends) and sign out everywhere. Also the words of the per-account sign-in throttle.

import { authMessages, okBody } from "./auth";
import { z } from "./zod";

export const accountMessages = {
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  newPasswordRequired: "New password is required",
  newPasswordSame: "New password must be different from the current one",
  passwordChanged: "Password changed. Your other devices have been signed out.",
  signedOutEverywhere: "Signed out on every device",
  /** Sign-in paused after repeated failures: said for any email, so it does not tell whether an account exists. */
  signInWait: (seconds: number) =>
    `Too many failed sign-ins. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  signInLocked: (minutes: number) =>
    `Too many failed sign-ins: signing in here is paused for ${minutes} minutes. A device you signed in with before can still sign in.`,
  passwordChangeLocked: (minutes: number) =>
    `Too many wrong current passwords. Please wait ${minutes} minutes and try again.`,
  passwordChangeWait: (seconds: number) =>
    `Too many wrong current passwords. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
} as const;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(200, authMessages.passwordTooLong),
  newPassword: z
    .string({ error: accountMessages.newPasswordRequired })
    .min(1, accountMessages.newPasswordRequired)
    .min(6, authMessages.passwordTooShort)
    .max(200, authMessages.passwordTooLong),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const changePasswordResponse = z.object({
  ok: z.literal(true),
  /** How many other sessions (devices) were signed out. */
  signedOut: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

export const accountRoutes = {
  changePassword: {
    method: "POST",
    path: "/api/account/password",
    summary: "Change the password (the current one required); every other session of the player ends",
    auth: "player",
    body: changePasswordBody,
    response: changePasswordResponse,
  },
  signOutEverywhere: {
    method: "POST",
    path: "/api/account/sign-out-everywhere",
    summary: "End every session of the player, this one included",
    auth: "player",
    response: okBody,
  },
} as const;
