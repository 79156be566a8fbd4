// Branded ids: a bot id cannot be passed where a player id is expected. The schema stamps them on its columns,
// so rows read through Drizzle already carry the brand.
export type UserId = string & { readonly __brand: "UserId" };
export type BotId = string & { readonly __brand: "BotId" };
