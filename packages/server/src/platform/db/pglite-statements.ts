// PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into Postgres for
// every statement, so each one is parsed, analysed and planned anew: most of GET /api/me's time on PGlite
// (docs/performance-history.md, issue 29 item 3). Here, as node-postgres does on PostgreSQL (named-statements.ts), a
// parameterised text is parsed once under a name, its parameter types and row description kept, and after
// that a query is one call carrying Bind, Execute and Sync; Postgres keeps the plan. The rest of PGlite's
// contract is kept: the same locks, the same file-system sync outside a transaction, the same results (its
// `parseResults`) and the same errors (its DatabaseError with query, params and queryOptions attached).
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

export const MAX_NAMED = 1_000;

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type Prepared = { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const { serialize, messages } = protocol;
/** Postgres refuses a kept plan whose result columns changed since (a migration altered the table). */
const STALE_PLAN = "0A000";

/** What PGlite's own path throws: its DatabaseError, told the query it came from. */
function asPgliteError(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (!(error instanceof messages.DatabaseError)) return error;
  return Object.assign(error, { query, params, queryOptions: options });
}

/** One buffer: PGlite hands a batch of protocol messages to Postgres in one call and answers them all. */
const batch = (...parts: Uint8Array[]) => Buffer.concat(parts);

/**
 * Replaces `client.query` and the `query` of the transactions `client.transaction` hands out. At most `max`
 * texts are named; later ones, those without parameters, and those with a blob or explicit parameter types go
 * PGlite's own way. Returns the names it keeps, for tests.
 */
export function prepareStatements(client: PGlite, max = MAX_NAMED): { named: () => number } {
  const prepared = new Map<string, Prepared>();
  let made = 0;
  const plainQuery = client.query.bind(client) as Query;
  const plainTransaction = client.transaction.bind(client);
  const noSync = (options: QueryOptions | undefined) => ({ onNotice: options?.onNotice, syncToFs: false });
  // Given a query's own parsers (Drizzle passes nine with every query), `parseResults` copies PGlite's whole
  // table of them (one per type and array type, over three hundred) into a new object on every call: a quarter
  // of the server's CPU on GET /api/me. The same lookups, without the copy: the query's few over PGlite's, once
  // for each parsers object (a Drizzle prepared statement passes the same one every time).
  const withOwnParsers = new WeakMap<object, typeof client.parsers>();
  const parsersFor = (options: QueryOptions | undefined) => {
    const own = options?.parsers;
    if (!own) return client.parsers;
    let parsers = withOwnParsers.get(own);
    if (!parsers) {
      parsers = Object.assign(Object.create(client.parsers) as typeof client.parsers, own);
      withOwnParsers.set(own, parsers);
    }
    return parsers;
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `ba_${made + 1}`;
    const answer = await client.execProtocolStream(
      batch(serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()),
      noSync(options),
    );
    // Counted once Postgres holds it: a text it refused to parse takes no name.
    made += 1;
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((message) => message.name === "rowDescription"),
    };
    prepared.set(text, statement);
    return statement;
  }

  async function run(statement: Prepared, params: unknown[], options: QueryOptions | undefined) {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const answer = await client.execProtocolStream(
      batch(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      noSync(options),
    );
    // The row description was read once, when the statement was parsed: Postgres answers STALE_PLAN rather
    // than rows of another shape.
    return statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
  }

  async function namedQuery<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return client._runExclusiveQuery(async () => {
      let answer: BackendMessage[];
      try {
        const known = prepared.get(text);
        try {
          answer = await run(known ?? (await prepare(text, options)), params, options);
        } catch (error) {
          if (!(known && error instanceof messages.DatabaseError && error.code === STALE_PLAN)) throw error;
          // Parsed again under a new name; the old one stays behind (a schema change while serving is rare).
          prepared.delete(text);
          // In a transaction the error has already aborted it, as PGlite's own path would never have: the
          // caller sees it. Outside one nothing happened, so the query runs again on a fresh plan.
          if (inTransaction) throw error;
          answer = await run(await prepare(text, options), params, options);
        }
      } catch (error) {
        throw asPgliteError(error, text, params, options);
      }
      if (!inTransaction) await client.syncToFs();
      return parse.parseResults(answer, parsersFor(options), { rowMode: options?.rowMode })[0] as Results<T>;
    });
  }

  const wanted = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    Boolean(params?.length) && !options?.blob && !options?.paramTypes && (prepared.has(text) || made < max);

  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!wanted(text, params, options)) return plainQuery<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => namedQuery<T>(text, params ?? [], options, false));
  }) as PGlite["query"];

  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    plainTransaction((tx) => {
      const query = (async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (!wanted(text, params, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error("Transaction is closed");
        return namedQuery<R>(text, params ?? [], options, true);
      }) as Transaction["query"];
      // Everything else (exec, rollback, listen, closed) is the transaction's own; `query` stays an ordinary
      // property, as on PGlite's object, so a caller may still wrap it (the tests' statement counter does).
      const own = { value: query, writable: true, enumerable: true, configurable: true };
      return callback(Object.create(tx, { query: own }) as Transaction);
    })) as PGlite["transaction"];

  return { named: () => prepared.size };
}
