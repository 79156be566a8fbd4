// Turns a refused rule check from the game package into the API's error, so the player reads the rule's text
// and a client can still branch on the code.
import type { ErrorCode } from "@bot-arena/contract";
import { messages, type Result } from "@bot-arena/game";
import { AppError } from "../../platform/errors";

const statusOf: Partial<Record<ErrorCode, number>> = { VALIDATION_FAILED: 400, NOT_FOUND: 404 };

const codeOf = new Map<string, ErrorCode>([
  [messages.notEnoughCoins, "NOT_ENOUGH_COINS"],
  [messages.insufficientVault, "NOT_ENOUGH_COINS"],
  [messages.maxBots, "LIMIT_REACHED"],
  [messages.enterValidAmount, "VALIDATION_FAILED"],
  [messages.invalidGamertag, "VALIDATION_FAILED"],
  [messages.invalidListing, "VALIDATION_FAILED"],
  [messages.botNotFound, "NOT_FOUND"],
]);

/** The accepted value, or the error carrying the rule's message; `fallback` codes messages not in the table. */
export function orRefuse<T>(result: Result<T>, fallback: ErrorCode = "CONFLICT"): T {
  if (result.ok) return result.value;
  const code = codeOf.get(result.message) ?? fallback;
  throw new AppError(statusOf[code] ?? 409, code, result.message);
}
