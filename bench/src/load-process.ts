// A flood's load in a process of its own (so its CPU is not the measuring process's): runs `script` with tsx and
// resolves with the JSON of the last line it printed.
import { spawn } from "node:child_process";
import { repoRoot } from "./server-process";

export function runLoadProcess<T>(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as T)
        : reject(new Error(`load ${code}`)),
    );
  });
}
