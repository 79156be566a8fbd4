// `npm run build -w packages/web`: Vite builds into a folder of its own (packages/web/builds/<id>), which then
// replaces packages/web/dist whole (web-swap.mjs), so the processes serving dist meanwhile keep answering.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./lib.mjs";
import { carryAssets, newBuildDir, swapIn } from "./web-swap.mjs";

const web = join(root, "packages/web");
const build = newBuildDir(join(web, "builds"));
const code = await run("npx", ["vite", "build", "--outDir", build, "--emptyOutDir"], { cwd: web });
if (code !== 0) {
  rmSync(build, { recursive: true, force: true });
  process.exit(code);
}
carryAssets(join(web, "dist"), build);
swapIn(join(web, "dist"), build);
