// The one way a rulebook refusal becomes an HTTP answer: the rules name the kind (a code), this table picks
// the status, and the player reads the rule's own words. Nothing here looks at the English text.
import type { Refusal, RefusalCode, Result } from "@bot-arena/game";
import { AppError } from "./errors";

const statusOf: Record<RefusalCode, number> = {
  VALIDATION_FAILED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_ENOUGH_COINS: 409,
  NOT_ENOUGH_ENERGY: 409,
  LIMIT_REACHED: 409,
};

/**
 * The API error for a refusal; a refusal's second line (e.g. what the coins are for) travels as `detail`, and a
 * refusal of one input names it in `fields` under its path, as a schema's refusal does (route.ts).
 */
export function refusal(refused: Refusal): AppError {
  const fields: Record<string, string> = {};
  if (refused.detail !== undefined) fields.detail = refused.detail;
  if (refused.field !== undefined) fields[refused.field] = refused.message;
  const named = Object.keys(fields).length > 0 ? fields : undefined;
  return new AppError(statusOf[refused.code], refused.code, refused.message, named);
}

/** The accepted value, or the refusal thrown as its API error. */
export function refuse<T>(result: Result<T>): T {
  if (!result.ok) throw refusal(result);
  return result.value;
}
