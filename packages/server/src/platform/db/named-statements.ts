// node-postgres sends an unnamed statement with every query, so PostgreSQL parses and plans each one anew,
// though the game sends the same few hundred texts over and over with other values. Naming each parameterised
// text (by its hash) makes the driver prepare it once per connection and then send only Bind and Execute; the
// server keeps the plan. A connection names at most MAX_NAMED texts (statements built with a varying number of
// placeholders, such as `in (...)` lists, are the only source of new texts), after which it sends unnamed ones.
import { createHash } from "node:crypto";
import type pg from "pg";

export const MAX_NAMED = 1_000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

const nameOf = (text: string) => `ba_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;

export function nameStatements(client: pg.PoolClient | pg.Client, max = MAX_NAMED): void {
  const named = new Map<string, string>();
  // The driver's own method, looked up on each call (not kept from now), so wrappers of the class still see it.
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client).query as (...a: unknown[]) => unknown).apply(client, args);
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const asked = config as QueryConfig | null;
    const params = (values ?? asked?.values) as unknown[] | undefined;
    if (
      asked &&
      typeof asked === "object" &&
      typeof asked.text === "string" &&
      !asked.name &&
      params?.length
    ) {
      let name = named.get(asked.text);
      if (name === undefined && named.size < max) {
        name = nameOf(asked.text);
        named.set(asked.text, name);
      }
      if (name !== undefined) return query({ ...asked, name }, values, callback);
    }
    return query(config, values, callback);
  }) as typeof client.query;
}
