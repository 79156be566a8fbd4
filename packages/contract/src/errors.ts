// The one error shape every refusal takes, and the codes a client may branch on.
import { z } from "zod";

export const errorCodes = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "NOT_AUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "CROSS_ORIGIN_REFUSED",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "USERNAME_TAKEN",
  "NOT_ENOUGH_COINS",
  "NOT_ENOUGH_ENERGY",
  "LIMIT_REACHED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
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
