// Small helpers shared by the start and test scripts and the bench: run a command (or run it with its output held
// back), find Chromium and nginx (installed with apt-get when missing), tell whether a build is stale.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command with its output held back: stdout and stderr in one buffer, in the order they came, handed
 * back with the exit code. For steps that run side by side, each printed whole when it ends.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    // Piped output is not a terminal: keep the colours a terminal would have shown.
    const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
    const env = { ...(options.env ?? process.env), ...color };
    const child = spawn(command, args, { cwd: root, ...options, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) =>
      resolvePromise({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

export function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    // Build output (web-swap.mjs's builds, and the dist link to one) is no source.
    if (entry === "node_modules" || entry === "dist" || entry === "builds") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The web app must be rebuilt when its sources, or the packages it imports, changed after the last build. */
export function webBuildIsStale(at = root) {
  const dist = join(at, "packages/web/dist");
  const built = join(dist, "index.html");
  if (!existsSync(built)) return true;
  // A build swapped in (web-swap.mjs) is as new as its link; a folder written in place, as its page. The page is
  // older than the build's end: Vite writes more afterwards (the prerender's scratch under packages/web), which
  // made every start after a build rebuild it.
  const link = lstatSync(dist);
  const builtAt = link.isSymbolicLink() ? link.mtimeMs : statSync(built).mtimeMs;
  return ["packages/web", "packages/contract/src", "packages/game/src"].some(
    (dir) => newestMtime(join(at, dir)) > builtAt,
  );
}

/**
 * The journeys' browser: Debian's build of Chromium's headless shell (the browser Playwright itself runs headless).
 * The full chromium in headless mode drew the same journeys with about a sixth more CPU on two cores.
 */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
}

/** Debian's Chromium headless shell for the journeys (or CHROMIUM_PATH): installed with apt-get when root. */
export function ensureChromium() {
  return ensureDebianPackage("chromium-headless-shell", chromiumPath(), "or set CHROMIUM_PATH");
}

/** Debian's faketime, for the server test that runs a process with its clock an hour ahead. */
export function ensureFaketime() {
  return ensureDebianPackage("faketime", "/usr/bin/faketime");
}

/** Debian's nginx for the bench's proxy check (`--only=proxy`), or NGINX_PATH. */
export function nginxPath() {
  return process.env.NGINX_PATH || "/usr/sbin/nginx";
}

export function ensureNginx() {
  return ensureDebianPackage("nginx", nginxPath(), "or set NGINX_PATH");
}

/** Debian's Prometheus server, which the proxy check runs to scrape both processes with the metrics token. */
export function prometheusPath() {
  return process.env.PROMETHEUS_PATH || "/usr/bin/prometheus";
}

export function ensurePrometheus() {
  return ensureDebianPackage("prometheus", prometheusPath(), "or set PROMETHEUS_PATH");
}

/** Debian's pg_auto_failover 2.0 for PostgreSQL 15, which the failover bench runs (or PG_AUTOCTL_PATH). */
export function pgAutoctlPath() {
  return process.env.PG_AUTOCTL_PATH || "/usr/bin/pg_autoctl";
}

export function ensurePgAutoFailover() {
  return ensureDebianPackage("postgresql-15-auto-failover", pgAutoctlPath(), "or set PG_AUTOCTL_PATH");
}

/** openssl, for the proxy check's throw-away certificate. */
export function ensureOpenssl() {
  return ensureDebianPackage("openssl", "/usr/bin/openssl");
}

/** True when `file` exists, after installing `pkg` with apt-get if it is missing and we run as root. */
function ensureDebianPackage(pkg, file, alternative = "") {
  if (existsSync(file)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `${file} was not found. Install Debian's ${pkg} (sudo apt-get install ${pkg}) ${alternative}.`,
    );
    return false;
  }
  console.log(`Installing Debian's ${pkg} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env });
  return install.status === 0 && existsSync(file);
}
