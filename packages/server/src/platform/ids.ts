// Branded ids: a bot id cannot be passed where a player id is expected. They are the rulebook's brands (one
// definition for game, contract, server and web); the schema stamps them on its columns, so rows read through
// Drizzle already carry the brand.
export type { BotId, UserId } from "@bot-arena/game";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: callers answer 404 instead of letting the database fail on the cast. */
export const isUuid = (id: string): boolean => UUID.test(id);
