// Where the server package and the repository live on disk. Found by walking up from this module, so the same
// answer comes from the TypeScript sources (tests) and from the compiled bundle in packages/server/dist.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@bot-arena/server")
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @bot-arena/server package above ${from}`);
  }
}

/** packages/server */
export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The repository root (two levels above packages/server). */
export const repoRoot = path.resolve(serverRoot, "../..");
