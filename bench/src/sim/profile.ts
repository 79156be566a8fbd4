// `--profile`: each server process runs with Node's --cpu-prof, and after the run the functions that took the
// most CPU (their own time, not their callees') are printed, over every process's whole life (set-up included).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "../server-process";
import { printTable } from "../stats";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
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

/** Prints the top `count` functions by self time over every profile in `dir`, then removes the folder. */
export function printProfile(dir: string, count = 20): void {
  const self = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      const frame = byId.get(id)!.callFrame;
      // Waiting for work is not work.
      if (frame.functionName === "(idle)") return;
      const name = where(frame);
      self.set(name, (self.get(name) ?? 0) + micros);
      total += micros;
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
}
