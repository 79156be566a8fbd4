// The reason an admin gave for a grant, for the player's coin history: a grant's ledger row points at its
// operations-log row (refType admin_operation), which holds the reason.
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { adminOperations } from "../../platform/db/schema";
import { GRANT_REF_TYPE } from "./grants";

type LedgerRef = { id: number; refType: string | null; refId: string | null };

/** Ledger row id -> the admin's reason, for the rows that are admin grants. */
export async function grantReasons(db: Db, rows: readonly LedgerRef[]): Promise<Map<number, string>> {
  const refs = rows.filter((row) => row.refType === GRANT_REF_TYPE && /^\d+$/.test(row.refId ?? ""));
  if (refs.length === 0) return new Map();
  const operations = await db
    .select({ id: adminOperations.id, detail: adminOperations.detail })
    .from(adminOperations)
    .where(
      inArray(
        adminOperations.id,
        refs.map((row) => Number(row.refId)),
      ),
    );
  const reasonOf = new Map(operations.map((op) => [op.id, op.detail.reason]));
  const notes = new Map<number, string>();
  for (const row of refs) {
    const reason = reasonOf.get(Number(row.refId));
    if (typeof reason === "string") notes.set(row.id, reason);
  }
  return notes;
}
