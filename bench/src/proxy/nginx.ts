// Debian's nginx in front of the bench's servers, with the configuration docs/operations.md prints: the block is
// read from that page, its ports and certificate swapped for the run's, wrapped in a main configuration of its
// own and run as a child (`daemon off`) with a temporary folder as its prefix, on a loopback port. The machine's
// /etc/nginx, its logs and port 80 are never touched.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ensureNginx, ensureOpenssl, nginxPath } from "../../../scripts/lib.mjs";
import { repoRoot } from "../server-process";

const OPERATIONS_DOC = "docs/operations.md";

/** The one ```nginx block of docs/operations.md, as an operator copies it. */
function documentedNginxBlock(): string {
  const page = readFileSync(join(repoRoot, OPERATIONS_DOC), "utf8");
  const blocks = [...page.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1)
    throw new Error(`${OPERATIONS_DOC} should print one nginx block, not ${blocks.length}`);
  return blocks[0]![1]!;
}

/** Replaces each whole line `pattern` matches with the next of `lines`; there must be exactly that many. */
function swapLines(block: string, pattern: RegExp, lines: string[], what: string): string {
  const linePattern = new RegExp(`^([ \\t]*)${pattern.source}$`, "gm");
  const found = block.match(linePattern)?.length ?? 0;
  if (found !== lines.length) {
    throw new Error(`the nginx block of ${OPERATIONS_DOC} should have ${lines.length} ${what}, not ${found}`);
  }
  let next = 0;
  return block.replace(linePattern, (_, indent: string) => `${indent}${lines[next++]}`);
}

type RunPlaces = {
  listenPort: number;
  redirectPort: number;
  upstreamPorts: number[];
  certificate: string;
  key: string;
};

/** The documented block with this run's ports and certificate; nothing else changes. */
function blockForRun(block: string, places: RunPlaces): string {
  let config = swapLines(
    block,
    /server 127\.0\.0\.1:\d+;/,
    places.upstreamPorts.map((port) => `server 127.0.0.1:${port};`),
    "upstream servers",
  );
  config = swapLines(
    config,
    /listen 443 ssl http2;/,
    [`listen 127.0.0.1:${places.listenPort} ssl http2;`],
    "listen line",
  );
  config = swapLines(
    config,
    /listen 80;/,
    [`listen 127.0.0.1:${places.redirectPort};`],
    "plain-HTTP listen line",
  );
  config = swapLines(
    config,
    /ssl_certificate \S+;/,
    [`ssl_certificate ${places.certificate};`],
    "certificate",
  );
  return swapLines(
    config,
    /ssl_certificate_key \S+;/,
    [`ssl_certificate_key ${places.key};`],
    "certificate key",
  );
}

/**
 * Around the block, what Debian's /etc/nginx/nginx.conf gives a conf.d file (gzip on among it, which the block
 * turns off), with every path nginx writes inside `prefix`.
 */
function mainConfig(prefix: string, block: string): string {
  return `# Written by the bench for one run (bench/src/proxy/nginx.ts); the http block's tail is ${OPERATIONS_DOC}'s.
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events {
    worker_connections 256;
}
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers on;
    gzip on;
    access_log off;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;

${block}
}
`;
}

/** A port nobody listens on now (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export type Nginx = {
  /** The proxy's origin as a browser names it: `https://127.0.0.1:<port>`. */
  origin: string;
  /** Where the block's plain-HTTP server (port 80 in the documented block) listens in this run. */
  plainOrigin: string;
  /** The throw-away certificate, for clients to trust. */
  ca: Buffer;
  version: string;
  /** nginx's own stderr lines so far (warnings, errors). */
  log: string[];
  running(): boolean;
  stop(): Promise<void>;
};

function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

/** Installs nginx and openssl with apt-get when they are missing (as root), else says what to install. */
export function requireTools(): void {
  if (!ensureNginx()) throw new Error(`nginx is needed at ${nginxPath()}: sudo apt-get install nginx`);
  if (!ensureOpenssl())
    throw new Error("openssl is needed for a throw-away certificate: sudo apt-get install openssl");
}

type Ports = { listenPort: number; redirectPort: number; upstreamPorts: number[] };

/** Certificate and configuration into `prefix`, checked with `nginx -t`; the arguments that run it. */
function prepare(prefix: string, ports: Ports): { args: string[]; certificate: string } {
  const certificate = join(prefix, "proxy.pem");
  const key = join(prefix, "proxy.key");
  const made = run("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
    ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ...["-keyout", key, "-out", certificate],
  ]);
  if (!made.ok) throw new Error(`openssl could not make a certificate: ${made.output}`);
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    mainConfig(prefix, blockForRun(documentedNginxBlock(), { ...ports, certificate, key })),
  );
  const args = ["-p", `${prefix}/`, "-c", conf, "-e", "stderr"];
  const test = run(nginxPath(), [...args, "-t"]);
  if (!test.ok) throw new Error(`nginx -t refused the configuration:\n${test.output}`);
  return { args, certificate };
}

export async function startNginx(ports: Ports): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), "bot-arena-nginx-"));
  // Workers drop root for nginx's default user, which must still reach the body temp folder inside.
  chmodSync(prefix, 0o711);
  let prepared: ReturnType<typeof prepare>;
  try {
    prepared = prepare(prefix, ports);
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  const child: ChildProcess = spawn(nginxPath(), [...prepared.args, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const log: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => log.push(line));
  return {
    origin: `https://127.0.0.1:${ports.listenPort}`,
    plainOrigin: `http://127.0.0.1:${ports.redirectPort}`,
    ca: readFileSync(prepared.certificate),
    version: run(nginxPath(), ["-v"]).output.replace(/^nginx version: /, ""),
    log,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
