// The one error shape every refusal takes, and the codes a client may branch on.
import { refusalCodes } from "@bot-arena/game";
import { z } from "./zod";

export const errorCodes = [
  // Every code a rule refuses with is an API code: the server passes the rulebook's code straight through.
  ...refusalCodes,
  "BAD_REQUEST",
  "NOT_AUTHENTICATED",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "CROSS_ORIGIN_REFUSED",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "USERNAME_TAKEN",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
  // Idempotency keys (idempotency.ts): a bad header, a key reused for another request, a repeat that came
  // while the first was still running, and a repeat of an action whose answer was lost.
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "ALREADY_DONE",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level messages for validation failures, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
