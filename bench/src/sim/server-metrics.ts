// The servers' own view of a run, read from their metrics route (admin only) at the start and the end of play:
// each process's event-loop delay over the play phase, beside the client's latencies, tells a stalled server
// from a slow database; the bench's own loop delay tells whether the load generator itself kept up.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { request } from "../http";
import type { Caller } from "./api";

const METRICS_PATH = "/api/admin/metrics";

const sample = (text: string, line: string): number | null => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};

export type ServerLoop = { base: URL; p50: number; p99: number; max: number; waiting: number | null };

/** A scrape restarts each server's loop-delay figures: call at the start of play. */
export async function startServerWatch(bases: URL[], admin: Caller | null) {
  const bench = monitorEventLoopDelay({ resolution: 1 });
  const scrape = (base: URL) =>
    request(base, "GET", METRICS_PATH, { cookie: admin?.cookie }).then((a) =>
      a.status === 200 ? a.body : null,
    );
  if (admin) await Promise.all(bases.map(scrape));
  bench.enable();
  return {
    /** Each server's loop since the start (null when the route is missing or refused), and the bench's. */
    async finish(): Promise<{
      servers: (ServerLoop | null)[];
      bench: { p50: number; p99: number; max: number };
    }> {
      bench.disable();
      const texts = admin ? await Promise.all(bases.map(scrape)) : bases.map(() => null);
      const ms = (seconds: number | null) => (seconds ?? 0) * 1000;
      return {
        servers: texts.map((text, i) =>
          text === null
            ? null
            : {
                base: bases[i]!,
                p50: ms(sample(text, 'bot_arena_event_loop_delay_seconds{quantile="0.5"}')),
                p99: ms(sample(text, 'bot_arena_event_loop_delay_seconds{quantile="0.99"}')),
                max: ms(sample(text, 'bot_arena_event_loop_delay_seconds{quantile="1"}')),
                waiting: sample(text, 'bot_arena_db_pool_connections{state="waiting"}'),
              },
        ),
        bench: { p50: bench.percentile(50) / 1e6, p99: bench.percentile(99) / 1e6, max: bench.max / 1e6 },
      };
    },
  };
}

export function printLoops(
  result: Awaited<ReturnType<Awaited<ReturnType<typeof startServerWatch>>["finish"]>>,
) {
  const f = (ms: number) => ms.toFixed(1);
  console.log("\nEvent-loop delay during play (1 ms resolution)");
  console.log("| process | p50 ms | p99 ms | max ms |");
  console.log("|---------|--------|--------|--------|");
  result.servers.forEach((loop, i) => {
    if (loop)
      console.log(
        `| server ${i + 1} (:${loop.base.port}) | ${f(loop.p50)} | ${f(loop.p99)} | ${f(loop.max)} |`,
      );
    else console.log(`| server ${i + 1} | no metrics route (or no admin) | | |`);
  });
  console.log(
    `| the bench itself | ${f(result.bench.p50)} | ${f(result.bench.p99)} | ${f(result.bench.max)} |`,
  );
}
