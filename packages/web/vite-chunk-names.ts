// File names of the build's shared chunks. Rolldown names a chunk that no entry or lazy page owns after one of its
// modules, not its largest: React's DOM renderer came out as "toastSoon" (half a kilobyte of ours that shares it)
// and motion as "react", which misleads anyone reading a bundle listing or a Lighthouse report. Such a chunk whose
// source is mostly one npm package is named after that package instead; the rest keep the name rolldown gave.
import { statSync } from "node:fs";
import type { Rolldown } from "vite";

/** More than this share of a chunk's source bytes makes it that package's chunk. */
const MOSTLY = 0.5;

const sizes = new Map<string, number>();
function sourceBytes(id: string): number {
  let size = sizes.get(id);
  if (size === undefined) {
    try {
      size = statSync(id.split("?")[0] ?? id).size;
    } catch {
      // A virtual module (rolldown's runtime, a plugin's): it has no file and counts for nothing.
      size = 0;
    }
    sizes.set(id, size);
  }
  return size;
}

/** The npm package a module belongs to, without its scope ("@tanstack/query-core" is "query-core"), or null. */
export function packageOf(id: string): string | null {
  const path = id.replace(/\\/g, "/");
  const at = path.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const [first, second] = path.slice(at + "/node_modules/".length).split("/");
  return (first?.startsWith("@") ? second : first) ?? null;
}

/** The package holding most of `moduleIds`' source bytes, or null when none does. */
export function mainPackage(
  moduleIds: readonly string[],
  bytes: (id: string) => number = sourceBytes,
): string | null {
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const id of moduleIds) {
    const size = bytes(id);
    total += size;
    const name = packageOf(id);
    if (name) byPackage.set(name, (byPackage.get(name) ?? 0) + size);
  }
  for (const [name, size] of byPackage) if (size > total * MOSTLY) return name;
  return null;
}

/** `build.rollupOptions.output.chunkFileNames`: Vite's own pattern, with a package's name where it fits. */
export function chunkFileNames(chunk: Rolldown.PreRenderedChunk): string {
  const shared = chunk.facadeModuleId === null;
  return `assets/${(shared && mainPackage(chunk.moduleIds)) || "[name]"}-[hash].js`;
}
