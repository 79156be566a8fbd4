// Statements on the hottest paths built by Drizzle once per connection instead of once per call (issue 44: building
// a select took about 65 µs, a fifth of a request's own CPU). A statement is written with `sql.placeholder`s and
// prepared on the session it runs on; Drizzle binds a prepared query to its session's client, so the prepared
// query is kept per client: the pool for statements outside a transaction, each pooled connection for those
// inside one (a transaction checks a connection out of a pool of a handful, so each statement is built a handful
// of times in a process's life). PGlite gives each transaction a client of its own: there it is built per
// transaction, as before. The name is also the statement's name on PostgreSQL (parsed once per connection).
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "./database";

type Prepared<Row> = { execute(values?: Record<string, unknown>): Promise<Row> };
type Preparable<Row> = { prepare(name: string): Prepared<Row> };

/** What Drizzle keeps on every database and transaction object, typed here for the two reads this file needs. */
type SessionHolder = {
  session: {
    client: object;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): Prepared<unknown>;
  };
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
};

const byClient = new WeakMap<object, Map<string, Prepared<unknown>>>();
const names = new Set<string>();

/**
 * A statement built once per client: `build` is called with the database (or transaction) the first time this
 * name runs on its client, and must build the same text every time (the values come in as placeholders).
 */
export function hotStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Db) => Preparable<Row>,
): (db: Db, values: Values) => Promise<Row> {
  if (names.has(name)) throw new Error(`hot statement ${name} is defined twice`);
  names.add(name);
  return (db, values) => preparedOn(db, name, build).execute(values);
}

/** A raw statement (`sql` with placeholders) built once per client; its rows as the driver gives them. */
export function hotRawStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  const run = hotStatement<unknown, Values>(name, (db) => ({
    prepare: (statementName) => {
      const holder = db as unknown as SessionHolder;
      return holder.session.prepareQuery(holder.dialect.sqlToQuery(build()), undefined, statementName, false);
    },
  }));
  // Without fields Drizzle answers the driver's own result: node-postgres and PGlite both keep the rows in `rows`.
  return async (db, values) => ((await run(db, values)) as { rows: Row[] }).rows;
}

function preparedOn<Row>(db: Db, name: string, build: (db: Db) => Preparable<Row>): Prepared<Row> {
  const client = (db as unknown as SessionHolder).session.client;
  let prepared = byClient.get(client);
  if (!prepared) {
    prepared = new Map();
    byClient.set(client, prepared);
  }
  let statement = prepared.get(name) as Prepared<Row> | undefined;
  if (!statement) {
    statement = build(db).prepare(name);
    prepared.set(name, statement);
  }
  return statement;
}

/** A placeholder named after each key: the values of an insert or an update written once as a hot statement. */
export function placeholdersFor<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, Placeholder<K>>;
}

/**
 * The same for an update's `set`: Drizzle's types take placeholders only in an insert's values, but it treats
 * a placeholder in `set` the same way (wrapped as the column's parameter, filled through the column's encoder
 * when the statement runs), so only the type is cast here.
 */
export const setPlaceholdersFor = <K extends string>(keys: readonly K[]): Record<K, SQL> =>
  placeholdersFor(keys) as unknown as Record<K, SQL>;
