// Which build a process runs, for the health routes and the metrics: the server package's version and the commit,
// taken from BOT_ARENA_COMMIT, else from the release's release.json (`npm run build` writes it), else asked of git
// once when the checkout has one.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths";

export type BuildInfo = { version: string; commit: string | null };

let known: BuildInfo | null = null;

export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  if (known) return known;
  const { version } = JSON.parse(
    readFileSync(path.join(repoRoot, "packages/server/package.json"), "utf8"),
  ) as {
    version: string;
  };
  known = { version, commit: env.BOT_ARENA_COMMIT?.trim() || releaseCommit() || gitCommit() };
  return known;
}

function releaseCommit(): string | null {
  try {
    const { commit } = JSON.parse(readFileSync(path.join(repoRoot, "release.json"), "utf8")) as {
      commit?: string | null;
    };
    return commit || null;
  } catch {
    // Not a release: a checkout.
    return null;
  }
}

function gitCommit(): string | null {
  try {
    const out = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2_000,
    });
    return out.toString().trim() || null;
  } catch {
    // No git, or not a checkout (a release unpacked elsewhere): the version alone.
    return null;
  }
}
