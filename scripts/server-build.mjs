// Compiles the server to plain JavaScript with esbuild: packages/server/dist/{main,admin,ledger-verify,migrate}.js.
// Our workspace packages (game, contract, images) are TypeScript sources, so they are bundled in; every package from
// node_modules stays an import, resolved by node at run time (PGlite's wasm, pg, fastify load as published).
// `node scripts/server-build.mjs` builds when stale; `--force` always.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { newestMtime, root } from "./lib.mjs";

const serverDir = join(root, "packages/server");
export const serverDist = join(serverDir, "dist");
const entries = {
  main: "src/main.ts",
  admin: "src/cli/admin.ts",
  "ledger-verify": "src/cli/ledger-verify.ts",
  migrate: "src/cli/migrate.ts",
};

/** Stale when a source of the server or of a package it bundles, or a manifest, changed after the last build. */
export function serverBuildIsStale() {
  // Every entry's file: an entry added since the last build (or one file lost) is a rebuild too.
  const built = Object.keys(entries).map((name) => join(serverDist, `${name}.js`));
  if (!built.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const inputs = [
    "packages/server/src",
    "packages/server/package.json",
    "packages/contract/src",
    "packages/game/src",
    "packages/images/src",
    "package-lock.json",
  ];
  return inputs.some((path) => existsSync(join(root, path)) && newestMtime(join(root, path)) > builtAt);
}

/**
 * esbuild's output for every entry, not written: `outdir` is where the files are meant to go (their source maps
 * point back from there), and the metafile lists each file's imports (the release reads the packages it needs).
 */
export async function compileServer(outdir = serverDist) {
  const esbuild = await import("esbuild");
  return esbuild.build({
    write: false,
    metafile: true,
    absWorkingDir: serverDir,
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22.12",
    sourcemap: true,
    logLevel: "warning",
    // Packages from node_modules stay imports; only our own workspace sources are compiled in.
    plugins: [
      {
        name: "external-node-modules",
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@bot-arena/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

export async function buildServer() {
  const started = performance.now();
  const result = await compileServer();
  // Each file is written aside and renamed into place, so a server starting meanwhile (another engineer's test
  // run, a second process) never reads a half-written bundle.
  mkdirSync(serverDist, { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  console.log(`Server compiled to packages/server/dist in ${Math.round(performance.now() - started)} ms`);
}

/** Builds only when stale, so `npm start` after a pull is one quick check. */
export async function ensureServerBuild() {
  if (serverBuildIsStale()) await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--force")) await buildServer();
  else await ensureServerBuild();
}
