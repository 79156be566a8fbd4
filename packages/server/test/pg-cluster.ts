// Throw-away PostgreSQL servers of a test's own: a primary on a free port in a temporary folder, and hot
// standbys streaming from it (pg_basebackup), to fail over between them. Never the machine's own service: each
// server listens on 127.0.0.1 at a port of its own and keeps its socket in its folder. PostgreSQL refuses to
// run as root, so as root the commands run as the `postgres` user.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BIN = "/usr/lib/postgresql/15/bin";

/** Whether this machine can run servers of a test's own (PostgreSQL 15's binaries are installed). */
export const canRunOwnPostgres = existsSync(join(BIN, "initdb")) && existsSync(join(BIN, "pg_basebackup"));

const asRoot = process.getuid?.() === 0;

function run(command: string, args: string[]): string {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(BIN, command), ...args]]
    : [join(BIN, command), args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function ownFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bot-arena-${name}-`));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  return dir;
}

export type OwnPostgres = {
  port: number;
  /** A single-host URL of this server's `postgres` database. */
  url: string;
  host: string;
  /** Stops at once, as a crash would (`immediate`), or cleanly. */
  stop(mode?: "immediate" | "fast"): void;
  /** A standby's promotion to primary, waited for. */
  promote(): void;
  remove(): void;
};

function serverAt(dir: string, port: number): OwnPostgres {
  let running = true;
  const stop = (mode: "immediate" | "fast" = "fast") => {
    if (!running) return;
    run("pg_ctl", ["-D", dir, "-m", mode, "-w", "stop"]);
    running = false;
  };
  return {
    port,
    host: `127.0.0.1:${port}`,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    promote: () => void run("pg_ctl", ["-D", dir, "-w", "promote"]),
    remove() {
      try {
        stop("immediate");
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function start(dir: string, port: number) {
  appendFileSync(
    join(dir, "postgresql.conf"),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`,
  );
  run("pg_ctl", ["-D", dir, "-l", join(dir, "server.log"), "-w", "start"]);
}

/** A new primary, ready for standbys (WAL for replication, trust on 127.0.0.1). */
export async function startOwnPrimary(): Promise<OwnPostgres> {
  const dir = ownFolder("primary");
  const port = await freePort();
  run("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  appendFileSync(
    join(dir, "postgresql.conf"),
    "\nwal_level = replica\nmax_wal_senders = 5\nhot_standby = on\nfsync = off\nshared_buffers = 16MB\n",
  );
  start(dir, port);
  return serverAt(dir, port);
}

/** A hot standby streaming from `primary`. */
export async function startOwnStandby(primary: OwnPostgres): Promise<OwnPostgres> {
  const dir = ownFolder("standby");
  const port = await freePort();
  run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "postgres",
    "-D",
    dir,
    "-R",
    "-X",
    "stream",
    "--no-sync",
  ]);
  start(dir, port);
  return serverAt(dir, port);
}
