// Processes on one database must agree on where media live and which live bus carries events: a process keeping
// media in the database answers 404 for an upload another one put in its bucket, and a process on the NOTIFY bus
// never hears events another one publishes on Redis. Each process writes what it uses into `process_setups` every
// few seconds (the database's clock, so a process's own clock cannot make a row look fresh), and readiness asks
// whether any other process seen lately disagrees; a stopped process removes its row, a crashed one's goes stale.
import { randomUUID } from "node:crypto";
import { and, lt, ne, or, sql } from "drizzle-orm";
import { describeDatabaseUrl } from "./banner";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { processSetups } from "./db/schema";
import { describeS3Location } from "./media/s3-location";

export type Setup = { media: string; bus: string };

/** How often a process writes that it runs, and how long a row counts after its last write. */
export const BEAT_MS = 5_000;
export const FRESH_SECONDS = 15;
/** Rows of processes gone without a word (a kill -9) are swept after an hour. */
const SWEPT_AFTER = "1 hour";

/** What this process uses, in words another process's reason can quote. */
export function setupOf(config: Pick<Config, "mediaS3" | "liveBusUrl">): Setup {
  return {
    media: config.mediaS3 ? `s3 ${describeS3Location(config.mediaS3)}` : "database",
    bus: config.liveBusUrl
      ? `redis ${describeDatabaseUrl(config.liveBusUrl).replace(/^at /, "")}`
      : "postgres",
  };
}

export type SetupAgreement = ReturnType<typeof createSetupAgreement>;

export function createSetupAgreement(deps: {
  db: Db;
  self: Setup;
  /** Where this process listens, read at each beat (the port is known only once it listens). */
  place: () => string;
  onError: (error: unknown) => void;
}) {
  const id = randomUUID();
  const { media, bus } = deps.self;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function beat() {
    const place = deps.place();
    await deps.db
      .insert(processSetups)
      .values({ id, media, bus, place, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: processSetups.id, set: { place, seenAt: sql`now()` } });
    await deps.db
      .delete(processSetups)
      .where(lt(processSetups.seenAt, sql`now() - ${SWEPT_AFTER}::interval`));
  }

  return {
    async start() {
      await beat();
      timer = setInterval(() => void beat().catch(deps.onError), BEAT_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await deps.db.delete(processSetups).where(sql`${processSetups.id} = ${id}`).catch(deps.onError);
    },
    /** Why this process may not take players: each other process seen lately that uses another store or bus. */
    async disagreements(): Promise<string[]> {
      const others = await deps.db
        .select({
          media: processSetups.media,
          bus: processSetups.bus,
          place: processSetups.place,
          ago: sql<number>`floor(extract(epoch from now() - ${processSetups.seenAt}))::int`,
        })
        .from(processSetups)
        .where(
          and(
            ne(processSetups.id, id),
            sql`${processSetups.seenAt} > now() - ${`${FRESH_SECONDS} seconds`}::interval`,
            or(ne(processSetups.media, media), ne(processSetups.bus, bus)),
          ),
        )
        .limit(5);
      return others.map((other) => {
        const what =
          other.media !== media
            ? `keeps media in "${other.media}", this one in "${media}"`
            : `is on the live bus "${other.bus}", this one on "${bus}"`;
        return `another process on this database (${other.place}, seen ${other.ago} s ago) ${what}: every process must use the same`;
      });
    },
  };
}
