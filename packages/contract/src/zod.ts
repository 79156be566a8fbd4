// The zod every contract schema is built with. Zod builds a faster, compiled parser for each object schema when it
// may (`new Function`), and it probes for that on the first object schema. A page of ours runs under a CSP without
// 'unsafe-eval', which refuses the probe and reports it as a CSP violation (Lighthouse's best practices, the
// browser's issues panel) though zod catches the refusal. So where a document exists, zod is jitless, set here
// before any schema is built (every contract module imports z from this file; biome.json refuses "zod" itself);
// the server keeps the compiled parsers. package.json names this file under `sideEffects`: without that, the web's
// bundler dropped the call, as the package's other modules have none.
// biome-ignore lint/style/noRestrictedImports: the one module that imports zod itself.
import { z } from "zod";

if ("document" in globalThis) z.config({ jitless: true });

export { z };
