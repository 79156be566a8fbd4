// CPU seconds a process has used (user and system, all its threads), read from /proc: the bench's servers and
// PostgreSQL run beside it on this machine, so their own counters need no route of theirs.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The process's command name, CPU seconds and the kernel's part of them, or null when it is gone. */
export function procCpu(
  pid: number | string,
): { command: string; seconds: number; systemSeconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command.
    return {
      command,
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      systemSeconds: Number(fields[12]) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** The CPU seconds of these processes together (a process gone meanwhile counts 0). */
export const cpuSecondsOf = (pids: readonly number[]) =>
  pids.reduce((sum, pid) => sum + (procCpu(pid)?.seconds ?? 0), 0);

/** The kernel's part of cpuSecondsOf. */
export const systemSecondsOf = (pids: readonly number[]) =>
  pids.reduce((sum, pid) => sum + (procCpu(pid)?.systemSeconds ?? 0), 0);
