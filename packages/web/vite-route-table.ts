// The API's method and path for each route name, read from the contract's registry when the app is built or
// tested: the browser receives these strings and nothing else of the contract, so its zod schemas stay out of
// the bundle and no hand-kept copy of a path can drift from the server.
import type { Routes } from "@bot-arena/contract";
import { tsImport } from "tsx/esm/api";
import type { Plugin } from "vite";

const ID = "virtual:route-table";
const RESOLVED = `\0${ID}`;

export function routeTable(): Plugin {
  return {
    name: "bot-arena-route-table",
    resolveId: (source) => (source === ID ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      // The contract is TypeScript; the config loader would hand it to plain node, so tsx reads it here.
      const { routes } = (await tsImport("@bot-arena/contract", import.meta.url)) as { routes: Routes };
      const table = Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [name, [route.method, route.path]]),
      );
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
