// Following the primary: DATABASE_URL may list several hosts (`postgres://user@a:5432,b:5432,c:5432/db`, as
// libpq writes them), and node-postgres connects to one host only (brianc/node-postgres#1470). Every new
// connection, pooled or the live bus's, goes to the host last found writable and is checked before it serves:
// a standby (in recovery) or a read-only server is dropped, and every listed host is asked at once which one is
// the primary now. Until one answers, connections fail with NotPrimaryError, which the error mapping answers as
// 503 with Retry-After (pg-error.ts): money and ownership are only ever read and written on the primary.
import pg from "pg";
import { NOT_PRIMARY } from "./pg-error";

type Log = { warn(obj: unknown, msg?: string): void };

export class NotPrimaryError extends Error {
  readonly code = NOT_PRIMARY;
  constructor(message: string) {
    super(message);
    this.name = "NotPrimaryError";
  }
}

/** How long asking one host whether it is the primary may take. */
export const PROBE_TIMEOUT_MS = 2_000;

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/s;

/**
 * The single-host URLs a DATABASE_URL names, in its order: one for a plain URL, one per host for a list. A
 * host without a port takes the last port given after it (libpq's rule is per host; a list of bare hosts on one
 * port, or every host with its port, covers what operators write).
 */
export function databaseHosts(url: string): string[] {
  const match = URL_SHAPE.exec(url);
  if (!match || !match[3]!.includes(",")) return [url];
  const [, scheme, user = "", list, rest] = match;
  const hosts = list!.split(",").filter((h) => h.length > 0);
  const lastPort = [...hosts]
    .reverse()
    .find((h) => /:\d+$/.test(h))
    ?.match(/:(\d+)$/)?.[1];
  return hosts.map((host) => {
    const withPort = /:\d+$/.test(host) || !lastPort ? host : `${host}:${lastPort}`;
    return `${scheme}${user}${withPort}${rest}`;
  });
}

/** The host part of a single-host URL, for logs (never the password). */
const hostOf = (url: string) => URL_SHAPE.exec(url)?.[3] ?? "?";

/** Why a connected client may not serve: null when it is on a writable primary. */
async function refusal(client: Pick<pg.Client, "query">): Promise<string | null> {
  const { rows } = await client.query<{ standby: boolean; read_only: string }>(
    "select pg_is_in_recovery() as standby, current_setting('transaction_read_only') as read_only",
  );
  const row = rows[0];
  if (row?.standby) return "is a standby (in recovery)";
  if (row?.read_only === "on") return "takes no writes (transaction_read_only is on)";
  return null;
}

export type PrimaryFinder = ReturnType<typeof createPrimaryFinder>;

export function createPrimaryFinder(url: string, log: Log) {
  const hosts = databaseHosts(url);
  let current = hosts[0]!;
  let searching: Promise<void> | null = null;

  /** Asks every host at once; the first that is a writable primary becomes the one connections go to. */
  async function probe(candidate: string): Promise<string> {
    const client = new pg.Client({
      connectionString: candidate,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      application_name: "bot-arena-primary-probe",
    });
    client.on("error", () => {});
    try {
      await client.connect();
      const why = await refusal(client);
      if (why) throw new NotPrimaryError(`${hostOf(candidate)} ${why}`);
      return candidate;
    } finally {
      await client.end().catch(() => {});
    }
  }

  function search(): Promise<void> {
    if (hosts.length === 1) return Promise.resolve();
    searching ??= Promise.any(hosts.map(probe))
      .then(
        (found) => {
          if (found !== current) log.warn({ host: hostOf(found) }, "database: the primary is now here");
          current = found;
        },
        () => log.warn({ hosts: hosts.map(hostOf) }, "database: no listed host is a writable primary"),
      )
      .finally(() => {
        searching = null;
      });
    return searching;
  }

  return {
    hosts,
    /** The URL a new connection should use now. */
    current: () => current,
    /**
     * Checks a newly connected client: resolves when it is on a writable primary; else starts a search for the
     * primary (the next connection goes there) and rejects with NotPrimaryError.
     */
    async confirm(client: Pick<pg.Client, "query">): Promise<void> {
      const why = await refusal(client);
      if (!why) return;
      const from = current;
      void search();
      throw new NotPrimaryError(`the database host ${hostOf(from)} ${why}`);
    },
    /** Looks for the primary among the listed hosts now (at start: the first listed may be a standby). */
    find: search,
    /** A connection to the current host failed: look for the primary elsewhere (no-op for one host). */
    lost: () => void search(),
    /** Waits for a search under way, if any (tests, and a caller about to retry). */
    settled: () => searching ?? Promise.resolve(),
  };
}
