// Start time and memory of one server process: compiled JavaScript on plain node (how it runs) beside the same
// sources through tsx (how it ran before), alternated in one run so a busy machine weighs on both alike.
import { readFileSync } from "node:fs";
import { closedLoop, request } from "./http";
import { compiledServer, type RunningServer, sourceServer, startServer } from "./server-process";
import { percentile, printTable } from "./stats";

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

type Sample = { startupMs: number; rssReady: number; rssLoaded: number };

async function sample(entry: string, port: number): Promise<Sample> {
  const server: RunningServer = await startServer({ port, entry });
  try {
    const rssReady = rssMiB(server.child.pid);
    await closedLoop(2, 16, () => request(server.base, "GET", "/api/leaderboard"));
    return { startupMs: server.startupMs, rssReady, rssLoaded: rssMiB(server.child.pid) };
  } finally {
    await server.stop();
  }
}

export async function benchStartup(options: { runs: number; port: number }): Promise<void> {
  const runs: Record<string, Sample[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < options.runs; i += 1) {
    runs.tsx?.push(await sample(sourceServer, options.port));
    runs.compiled?.push(await sample(compiledServer, options.port));
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  printTable(
    `Server start and memory on a fresh PGlite (median of ${options.runs} starts each, alternated)`,
    ["runtime", "start until /api/health ms", "RSS ready MiB", "RSS after 2 s of load MiB"],
    Object.entries(runs).map(([name, samples]) => [
      name === "compiled" ? "node dist/main.js (compiled)" : "node --import tsx src/main.ts",
      median(samples.map((s) => s.startupMs)),
      median(samples.map((s) => s.rssReady)),
      median(samples.map((s) => s.rssLoaded)),
    ]),
  );
}
