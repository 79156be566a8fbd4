// PGlite's files may only be opened by one process: a pid lock file turns a second opener (say the admin CLI
// while the server runs) into a clear error instead of a corrupted database.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Locks this process holds: a lock file naming our own pid is ours only if it is in here. */
const held = new Set<string>();

export function acquireLockFile(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8"));
      // In a container the server is often pid 1 on every start: our own pid in a lock we never took is stale.
      const inUse = holder === process.pid ? held.has(file) : Number.isInteger(holder) && isAlive(holder);
      if (inUse) {
        throw new Error(
          `The database in ${file.replace(/\.lock$/, "")} is in use by process ${holder}. ` +
            "Stop that process first, or use DATABASE_URL for several processes.",
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${file}`);
}
