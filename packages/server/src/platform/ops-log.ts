// The admin operations log: one append-only row per admin action (grants, library, music, tournaments, chat
// moderation, cash-outs). Write it with the same transaction as the action so the row and the change commit
// together, or together not at all; a refused action is logged on its own (result "error") after the rollback.
import { and, desc, eq, like, lt, type SQL } from "drizzle-orm";
import type { Db, Tx } from "./db/database";
import { type AdminOperationResult, adminOperations, profiles } from "./db/schema";
import type { UserId } from "./ids";

export type AdminAction = {
  /** Null for the server's own entries (the economy audit). */
  adminId: UserId | null;
  /** What was done, snake_case: grant_coins, image_upload, music_delete, tournament_create, chat_delete... */
  action: string;
  /** The kind of thing acted on: player, image, track, tournament, chat_message, cashout... */
  targetType?: string;
  targetId?: string;
  result: AdminOperationResult;
  /** Anything worth showing later: amount, reason, e-mail, counts, the refusal message. Plain JSON. */
  detail?: Record<string, unknown>;
};

export type AdminOperationRow = {
  id: number;
  adminId: UserId | null;
  /** Null for the server's own entries. */
  adminUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  result: AdminOperationResult;
  detail: Record<string, unknown>;
  createdAt: Date;
};

/** Appends one row and returns its id. Pass the action's transaction (or the plain db for a lone entry). */
export async function logAdminAction(tx: Tx | Db, entry: AdminAction): Promise<number> {
  const [row] = await tx
    .insert(adminOperations)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      result: entry.result,
      detail: entry.detail ?? {},
    })
    .returning({ id: adminOperations.id });
  if (!row) throw new Error("logAdminAction: the insert returned no row");
  return row.id;
}

export type AdminOperationFilter = {
  adminId?: UserId;
  /** A prefix of the action name. */
  action?: string;
  targetType?: string;
  result?: AdminOperationResult;
  /** Keyset paging: only rows with an id below this one. */
  beforeId?: number;
  limit?: number;
};

/** Newest first, with the admin's name (none for the server's own entries). */
export async function listAdminOperations(
  db: Db,
  filter: AdminOperationFilter = {},
): Promise<AdminOperationRow[]> {
  const where: SQL[] = [];
  if (filter.adminId) where.push(eq(adminOperations.adminId, filter.adminId));
  // An action filter matches a prefix: "grant" finds grant_coins and grant_equipment.
  if (filter.action) where.push(like(adminOperations.action, `${filter.action.replace(/[\\%_]/g, "\\$&")}%`));
  if (filter.targetType) where.push(eq(adminOperations.targetType, filter.targetType));
  if (filter.result) where.push(eq(adminOperations.result, filter.result));
  if (filter.beforeId !== undefined) where.push(lt(adminOperations.id, filter.beforeId));
  return db
    .select({
      id: adminOperations.id,
      adminId: adminOperations.adminId,
      adminUsername: profiles.username,
      action: adminOperations.action,
      targetType: adminOperations.targetType,
      targetId: adminOperations.targetId,
      result: adminOperations.result,
      detail: adminOperations.detail,
      createdAt: adminOperations.createdAt,
    })
    .from(adminOperations)
    .leftJoin(profiles, eq(profiles.id, adminOperations.adminId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminOperations.id))
    .limit(Math.min(Math.max(filter.limit ?? 100, 1), 500));
}
