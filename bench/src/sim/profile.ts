// `--profile`: each server process runs with Node's --cpu-prof, and after the run the functions that took the
// most CPU (their own time, not their callees') are printed, over every process's whole life (set-up included).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "../server-process";
import { printTable } from "../stats";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The folder the servers write their profiles into, and the node arguments that make them. */
export function profileFolder(): { dir: string; nodeArgs: string } {
  const dir = mkdtempSync(join(tmpdir(), "bot-arena-profile-"));
  return { dir, nodeArgs: `--cpu-prof --cpu-prof-dir=${dir}` };
}

const where = (frame: ProfileNode["callFrame"]) => {
  const file = frame.url.replace(/^file:\/\//, "");
  const shown = file.startsWith(repoRoot) ? relative(repoRoot, file) : file || "(native)";
  return `${frame.functionName || "(anonymous)"} ${shown}:${frame.lineNumber + 1}`;
};

/** Whose code a frame is: a package, the server, Node's own JavaScript, or a native function by name. */
const ownerOf = (frame: ProfileNode["callFrame"]) => {
  if (!frame.url) return `native: ${frame.functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (pkg) return pkg[1]!;
  if (frame.url.startsWith("node:")) return "Node's JavaScript";
  return frame.url.includes("packages/server/") ? "the server's code" : where(frame);
};

const add = (map: Map<string, number>, key: string, micros: number) =>
  map.set(key, (map.get(key) ?? 0) + micros);

/**
 * The first frame above `node` that is the server's or a package's code: a native function's own time says
 * little (a socket write is a socket write) until one knows whose write it was.
 */
function jsCaller(node: ProfileNode, parentOf: Map<number, ProfileNode>): string {
  for (let up = parentOf.get(node.id); up; up = parentOf.get(up.id)) {
    if (up.callFrame.url.startsWith("file://") && !up.callFrame.url.includes("node:"))
      return where(up.callFrame);
  }
  return "(no caller of ours)";
}

/**
 * Prints the top `count` functions by self time over every profile in `dir`, and for the top native ones the
 * code that called them, then removes the folder.
 */
export function printProfile(dir: string, count = 20): void {
  const self = new Map<string, number>();
  const owners = new Map<string, number>();
  // the server's functions -> micros spent in them or below them (each sample once per function)
  const inclusive = new Map<string, number>();
  // the server's function that called into Drizzle -> micros Drizzle spent (building SQL, mapping rows)
  const drizzleCallers = new Map<string, number>();
  // native function -> caller of ours -> micros
  const callers = new Map<string, Map<string, number>>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, ProfileNode>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      const node = byId.get(id)!;
      const frame = node.callFrame;
      // Waiting for work is not work.
      if (frame.functionName === "(idle)") return;
      const name = where(frame);
      add(self, name, micros);
      add(owners, ownerOf(frame), micros);
      if (frame.url.includes("node_modules/drizzle-orm/")) {
        let up = parentOf.get(node.id);
        while (up && !up.callFrame.url.includes("packages/server/")) up = parentOf.get(up.id);
        add(drizzleCallers, up ? where(up.callFrame) : "(none of ours)", micros);
      }
      const seen = new Set<string>();
      for (let up: ProfileNode | undefined = node; up; up = parentOf.get(up.id)) {
        if (!up.callFrame.url.includes("packages/server/")) continue;
        const fn = where(up.callFrame);
        if (!seen.has(fn)) add(inclusive, fn, micros);
        seen.add(fn);
      }
      total += micros;
      if (!frame.url) {
        const byCaller = callers.get(name) ?? new Map<string, number>();
        callers.set(name, byCaller);
        add(byCaller, jsCaller(node, parentOf), micros);
      }
    });
  }
  rmSync(dir, { recursive: true, force: true });
  if (total === 0) {
    console.log("\n--profile: no profile was written (did the servers exit by themselves?)");
    return;
  }
  const rows = [...self]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([name, micros]) => [name, (micros / 1000).toFixed(0), ((100 * micros) / total).toFixed(1)]);
  printTable(
    `The servers' CPU profile: the ${count} functions with the most time of their own (of ${(total / 1e6).toFixed(1)} s sampled)`,
    ["function", "ms", "%"],
    rows,
  );
  // A native function's samples include the time the thread was preempted inside it (a socket write wakes
  // PostgreSQL's backend, which may take the core): compare with the processes' own CPU time before trusting them.
  printTable(
    "The same profile by whose code ran (self time)",
    ["code", "ms", "%"],
    [...owners]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 15)
      .map(([owner, micros]) => [owner, (micros / 1000).toFixed(0), ((100 * micros) / total).toFixed(1)]),
  );
  printTable(
    "The server's functions by time in them and below them (the top 25)",
    ["function", "ms", "%"],
    [...inclusive]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 25)
      .map(([fn, micros]) => [fn, (micros / 1000).toFixed(0), ((100 * micros) / total).toFixed(1)]),
  );
  printTable(
    "Drizzle's own time by the server's function that called it (the top 15)",
    ["function", "ms", "%"],
    [...drizzleCallers]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 15)
      .map(([fn, micros]) => [fn, (micros / 1000).toFixed(0), ((100 * micros) / total).toFixed(1)]),
  );
  const natives = [...self]
    .filter(([name]) => callers.has(name))
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3);
  for (const [name, micros] of natives) {
    const rows = [...callers.get(name)!]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 6)
      .map(([caller, m]) => [caller, (m / 1000).toFixed(0), ((100 * m) / micros).toFixed(1)]);
    printTable(`Who called ${name}`, ["first caller of ours", "ms", "% of its time"], rows);
  }
}
