// Readiness, as a load balancer asks it (GET /api/health/ready): may this process take players now? Only when
// the database answers within a bound, the live bus is connected (a process that cannot hear the others would
// show stale pages and lose their sign-outs), the media store answers, and no other process on the database
// uses another media store or bus (platform/setup-agreement.ts). Each check is asked anew on every
// call, bounded, so a process becomes ready again by itself when what it lacked comes back. Liveness
// (GET /api/health/live) asks none of them: a supervisor restarts a process only when its event loop is stuck.
import type { ReadyResponse } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { buildInfo } from "./build-info";
import type { Db } from "./db/database";
import type { LiveBus } from "./live/bus";
import { mediaUrlOf } from "./media/keys";
import type { MediaStore } from "./media/store";

/** How long each check may take before it counts as not answering. */
export const READY_CHECK_MS = 2_000;

/** A key no one stores: asking the store whether it exists is a round trip to it and nothing more. */
const PROBE = mediaUrlOf("health/ready-probe.txt");

async function answers(work: () => Promise<unknown>, ms: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`did not answer within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([
      work().then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(deps: {
  db: Db;
  bus: LiveBus;
  media: MediaStore;
  /** True once a stop began: a balancer should send its players elsewhere while it drains. */
  stopping?: () => boolean;
  /** Other processes on this database that use another media store or bus (platform/setup-agreement.ts). */
  disagreements?: () => Promise<string[]>;
  checkMs?: number;
}) {
  const ms = deps.checkMs ?? READY_CHECK_MS;
  return async function ready(): Promise<ReadyResponse> {
    let disagreements: string[] = [];
    const [database, media] = await Promise.all([
      answers(async () => {
        await deps.db.execute(sql`select 1`);
        disagreements = (await deps.disagreements?.()) ?? [];
      }, ms),
      // The database store is the database: its check is the one above.
      deps.media.kind === "database" ? Promise.resolve(null) : answers(() => deps.media.exists(PROBE), ms),
    ]);
    const busUp = deps.bus.stats().up;
    const reasons = [
      ...(deps.stopping?.() ? ["the process is stopping"] : []),
      ...(database ? [`the database ${database}`] : []),
      ...(busUp ? [] : [`the live bus (${deps.bus.kind}) is not connected`]),
      ...(media ? [`the media store (${deps.media.kind}) ${media}`] : []),
      ...disagreements,
    ];
    return {
      ready: reasons.length === 0,
      reasons,
      checks: {
        database: database === null,
        bus: busUp,
        media: media === null,
        setup: database === null && disagreements.length === 0,
      },
      ...buildInfo(),
    };
  };
}
