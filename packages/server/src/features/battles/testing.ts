// Test helper: a stored battle row as the arena writes one, without playing it (for counts and coin flows).
import type { battles } from "../../platform/db/schema";

export const storedBattle = (
  fields: Partial<typeof battles.$inferInsert> = {},
): typeof battles.$inferInsert => ({
  kind: "ai",
  seed: 1,
  attackerSnapshot: {},
  defenderSnapshot: {},
  winner: "attacker",
  log: [],
  ...fields,
});
