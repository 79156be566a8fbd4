// `npm start`: build the web app when it is missing or stale, then run the server on the embedded database.
import { spawn } from "node:child_process";
import { root, run, webBuildIsStale } from "./lib.mjs";

if (webBuildIsStale()) {
  console.log("Building the web app...");
  const code = await run("npm", ["run", "build", "-w", "packages/web"]);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
