// `on conflict do update set col = excluded.col` for the listed columns: reference data in code wins on re-seed.
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

export function takeExcluded<T extends PgTable>(
  table: T,
  keys: readonly (keyof T["$inferInsert"] & string)[],
) {
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const key of keys) set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  return set;
}
