// `npm run build`: the release a production host runs, in release/ (or `--out DIR`). It holds the compiled server
// (packages/server/dist), the built web app (packages/web/dist), the migrations and the one data file the server
// reads, a package.json whose dependencies are exactly the packages the compiled server imports, and a
// package-lock.json cut from the repository's own (the same versions the tests ran on). On the host:
// `npm ci --omit=dev`, then `npm run migrate` and `npm start`, which never builds (docs/operations.md).
// The layout mirrors the repository's, so the server finds its files the way it does in a checkout.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { root, run, webBuildIsStale } from "./lib.mjs";
import { compileServer } from "./server-build.mjs";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The package an import names: `drizzle-orm/pg-core` is drizzle-orm, `@fastify/static/x` is @fastify/static. */
export function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The workspaces compiled into the server bundle; their dependencies are the bundle's. */
const bundled = ["packages/server", "packages/game", "packages/contract", "packages/images"];

/**
 * The release's dependencies: each package the bundle imports, with the range its workspace asks for. An import
 * no workspace lists among its dependencies (a dev dependency, or a package only found by hoisting) is an error:
 * `npm ci --omit=dev` would not install it.
 */
export function dependenciesOf(imported) {
  const ranges = {};
  const problems = [];
  for (const name of [...imported].sort()) {
    const range = bundled
      .map((workspace) => readJson(join(root, workspace, "package.json")).dependencies?.[name])
      .find(Boolean);
    if (range) ranges[name] = range;
    else problems.push(`the server imports ${name}, which no bundled workspace lists in its dependencies`);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return ranges;
}

/** Where node would find `name` from the lock entry at `from` ("" is the root): its own node_modules, then up. */
function locate(lock, from, name) {
  for (let base = from; ; ) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/**
 * The repository's lockfile cut down to `dependencies` and what they need (dependencies, optional and peer
 * dependencies, found where node would find them), flagged as production packages.
 */
export function prunedLock(lock, dependencies, manifest) {
  const packages = {
    "": { name: manifest.name, version: manifest.version, dependencies, engines: manifest.engines },
  };
  const queue = Object.keys(dependencies).map((name) => ["", name, false]);
  while (queue.length > 0) {
    const [from, name, optional] = queue.shift();
    const at = locate(lock, from, name);
    if (!at) {
      if (optional) continue;
      throw new Error(`package-lock.json has no ${name} for ${from || "the release"}: run npm install`);
    }
    if (packages[at]) continue;
    const { dev, devOptional, ...entry } = lock.packages[at];
    if (entry.link) throw new Error(`${name} is a workspace link: it should have been bundled`);
    if (devOptional) entry.optional = true;
    packages[at] = entry;
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([at, dep, false]);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([at, dep, true]);
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      queue.push([at, dep, entry.peerDependenciesMeta?.[dep]?.optional === true]);
  }
  const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: sorted,
  };
}

function commitOf() {
  if (process.env.BOT_ARENA_COMMIT) return process.env.BOT_ARENA_COMMIT.trim();
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: root,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** Writes the release into `out`: assembled beside it and renamed into place, so `out` is never half a release. */
export async function buildRelease(out) {
  if (webBuildIsStale()) {
    console.log("Building the web app...");
    const code = await run("npm", ["run", "build", "-w", "packages/web"]);
    if (code !== 0) throw new Error("the web build failed");
  }
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const serverOut = join(next, "packages/server/dist");
  const compiled = await compileServer(serverOut);
  mkdirSync(serverOut, { recursive: true });
  for (const file of compiled.outputFiles) writeFileSync(file.path, file.contents);

  const imported = new Set();
  for (const output of Object.values(compiled.metafile.outputs))
    for (const entry of output.imports)
      if (entry.external && !isBuiltin(entry.path)) imported.add(packageOf(entry.path));
  const dependencies = dependenciesOf(imported);

  const rootManifest = readJson(join(root, "package.json"));
  const server = readJson(join(root, "packages/server/package.json"));
  const node = "node --enable-source-maps packages/server/dist";
  const manifest = {
    name: "bot-arena-release",
    version: server.version,
    private: true,
    type: "module",
    engines: rootManifest.engines,
    scripts: {
      start: `${node}/main.js`,
      migrate: `${node}/migrate.js`,
      admin: `${node}/admin.js`,
      "ledger:verify": `${node}/ledger-verify.js`,
    },
    dependencies,
  };
  writeFileSync(join(next, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const lock = prunedLock(readJson(join(root, "package-lock.json")), dependencies, manifest);
  writeFileSync(join(next, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  // The server finds its root by this manifest's name (platform/paths.ts) and reports its version.
  writeFileSync(
    join(next, "packages/server/package.json"),
    `${JSON.stringify({ name: server.name, version: server.version, private: true, type: "module" }, null, 2)}\n`,
  );
  cpSync(join(root, "packages/server/drizzle"), join(next, "packages/server/drizzle"), { recursive: true });
  const houseAds = "packages/server/src/features/ads/house-ads.json";
  mkdirSync(dirname(join(next, houseAds)), { recursive: true });
  cpSync(join(root, houseAds), join(next, houseAds));
  // The build itself, not the link to it: a release is one folder to copy.
  cpSync(realpathSync(join(root, "packages/web/dist")), join(next, "packages/web/dist"), { recursive: true });
  writeFileSync(
    join(next, "release.json"),
    `${JSON.stringify({ version: server.version, commit: commitOf(), builtAt: new Date().toISOString() }, null, 2)}\n`,
  );

  const old = `${out}.old-${process.pid}`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(next, out);
  rmSync(old, { recursive: true, force: true });
  const packageCount = Object.keys(lock.packages).length - 1;
  console.log(
    `Release in ${relative(process.cwd(), out) || "."}: ${Object.keys(dependencies).length} dependencies (${packageCount} packages with theirs).` +
      ` On the host: npm ci --omit=dev && npm run migrate && npm start`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--out");
  const out = at === -1 ? join(root, "release") : resolve(process.argv[at + 1]);
  try {
    await buildRelease(out);
  } catch (error) {
    console.error(`npm run build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
