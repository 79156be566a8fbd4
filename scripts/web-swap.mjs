// The web build's folders: each build is written into packages/web/builds/<id>, and packages/web/dist is a
// symbolic link to the current one, replaced by one rename(2). A server serving dist therefore sees the old build
// or the new one, never a half-written or emptied folder (Vite's emptyOutDir on dist itself answered 404 on / to
// every other process for the length of the build).
import {
  copyFileSync,
  existsSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";

/** A new, empty build folder under `buildsDir`, named so that the process writing it can be told from its name. */
export function newBuildDir(buildsDir) {
  mkdirSync(buildsDir, { recursive: true });
  const dir = join(buildsDir, `${Date.now().toString(36)}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  return dir;
}

/** The build's own bundles, as opposed to those it carries for the build before it. Dot-named: never served. */
const OWN_ASSETS = ".own-assets.json";

/**
 * Copies the bundles of the build `dist` serves now into `build`, beside its own: a page loaded from the old build
 * just before the swap still finds the chunks it loads later (each route is a lazy chunk, its name a hash of its
 * content, so two builds' files never collide). Only the previous build's own bundles come along, so a build holds
 * two generations at most.
 */
export function carryAssets(dist, build) {
  const assets = join(build, "assets");
  mkdirSync(assets, { recursive: true });
  const own = readdirSync(assets);
  writeFileSync(join(build, OWN_ASSETS), `${JSON.stringify(own)}\n`);
  const previous = join(dist, "assets");
  if (!existsSync(previous)) return;
  let carried;
  try {
    carried = JSON.parse(readFileSync(join(dist, OWN_ASSETS), "utf8"));
  } catch {
    // A build from before this list: all of its bundles are its own.
    carried = readdirSync(previous);
  }
  const mine = new Set(own);
  for (const name of carried) {
    if (mine.has(name) || !existsSync(join(previous, name))) continue;
    copyFileSync(join(previous, name), join(assets, name));
  }
}

/**
 * Makes `dist` (a path) point at `build` in one step, then removes the other builds beside `build` that no
 * running build is still writing, except the one dist pointed at until now: a server resolves dist once per
 * request (platform/web.ts) and may be about to read from it. A new request resolves dist to the new build.
 */
export function swapIn(dist, build) {
  const link = `${dist}.${process.pid}.link`;
  rmSync(link, { force: true });
  // A junction on Windows, which needs no administrator rights; a plain symbolic link everywhere else.
  symlinkSync(relative(dirname(dist), build), link, "junction");
  const current = lstatOrNull(dist);
  const previous = current?.isSymbolicLink() ? realpathOrNull(dist) : null;
  if (current && !current.isSymbolicLink()) {
    // A folder from before builds were swapped in (or a copy): rename(2) cannot replace a folder with a link, so
    // it moves aside first. The one moment a request may miss dist, once per checkout.
    renameSync(dist, join(dirname(build), `folder-${process.pid}`));
  }
  renameSync(link, dist);
  // The rename changed the parent folder's time, which `npm start`'s staleness check reads as a changed source: the
  // link's own time, set after it, is when the build was done (lib.mjs, webBuildIsStale). Never before the folder's
  // time: that one has the kernel's sub-millisecond part, a Date has not, and both fell in one millisecond on CI.
  const done = new Date(Math.max(Date.now(), Math.ceil(statSync(dirname(dist)).mtimeMs)));
  lutimesSync(dist, done, done);
  pruneBuilds(dirname(build), [build, previous]);
}

function realpathOrNull(path) {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function pruneBuilds(buildsDir, keep) {
  const kept = new Set(keep.filter(Boolean).map((dir) => realpathOrNull(dir) ?? dir));
  for (const name of readdirSync(buildsDir)) {
    const dir = join(buildsDir, name);
    if (kept.has(realpathOrNull(dir) ?? dir)) continue;
    // Another `npm start` or build may be writing its own folder right now: left to that one to swap in.
    const pid = Number(name.split("-").at(-1));
    if (pid !== process.pid && isRunning(pid)) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}

function isRunning(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
