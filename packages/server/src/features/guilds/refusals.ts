// The refusals of the guild routes, each with its status and code; the texts come from the rulebook.
import { messages } from "@bot-arena/game";
import { isUniqueViolation } from "../../platform/db/pg-error";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors";

export const guildNotFound = () => notFound(messages.guildNotFound);
export const alreadyInGuild = () => conflict(messages.alreadyInGuild);
export const guildFull = () => new AppError(409, "LIMIT_REACHED", messages.guildFull);
export const notGuildMember = () => forbidden(messages.notGuildMember);
export const invalidGuild = (message: string) => new AppError(400, "VALIDATION_FAILED", message);

/** The unique index a founding or joining ran into, as the player's message; other errors pass through. */
export function uniqueRefusal(error: unknown): unknown {
  if (isUniqueViolation(error, "guilds_name_lower_unique")) return conflict(messages.guildNameTaken);
  if (isUniqueViolation(error, "guilds_name_skeleton_unique")) return conflict(messages.guildNameTooSimilar);
  if (isUniqueViolation(error, "guilds_tag_skeleton_unique")) return conflict(messages.guildTagTooSimilar);
  if (isUniqueViolation(error, "guilds_tag_lower_unique")) return conflict(messages.guildTagTaken);
  if (isUniqueViolation(error, "guild_members_one_guild_per_user")) return alreadyInGuild();
  return error;
}
