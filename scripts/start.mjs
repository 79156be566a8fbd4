// `npm start`: build the web app and compile the server when missing or stale, then run the compiled server
// with plain node (on the embedded database unless DATABASE_URL is set). package.json runs it with `exec`, so
// npm's own child is this process: npm passes a SIGTERM to its child only, and a shell in between died of it and
// left this wrapper and the server running.
import { spawn } from "node:child_process";
import { root, run, webBuildIsStale } from "./lib.mjs";
import { ensureServerBuild } from "./server-build.mjs";

if (webBuildIsStale()) {
  console.log("Building the web app...");
  const code = await run("npm", ["run", "build", "-w", "packages/web"]);
  if (code !== 0) process.exit(code);
}

await ensureServerBuild();
const server = spawn(process.execPath, ["--enable-source-maps", "packages/server/dist/main.js"], {
  cwd: root,
  stdio: "inherit",
});
// Passed on once: a signal to the whole group reaches the server itself too, which makes one stop of both.
let passedOn = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (passedOn) return;
    passedOn = true;
    server.kill(signal);
  });
}
server.on("exit", (code) => process.exit(code ?? 0));
