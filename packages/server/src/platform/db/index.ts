// The database layer's public face: open, migrate, types, schema.
export { type Database, type Db, rowsOf, type Schema, type Tx } from "./database";
export { migrateDatabase, migrationsFolder } from "./migrate";
export { openDatabase } from "./open";
export { isUniqueViolation, pgCodes, pgErrorOf } from "./pg-error";
export { openPglite } from "./pglite";
export { openPostgres } from "./postgres";
export * as schema from "./schema";
