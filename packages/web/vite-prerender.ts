// After the browser build: renders the public pages to HTML (src/prerender.tsx, built for node into a scratch
// folder and run here) and writes them into dist/ beside the app's own page:
//   index.html  the landing (/), prerendered, with its own entry (landing.tsx)
//   auth.html   /auth, prerendered, with its own entry (auth.tsx)
//   404.html    the not-found page, prerendered, the app's entry
//   app.html    the app's page for every signed-in route, not prerendered (the client renders it)
//   pages.json  which file answers which path, read by the server (platform/web.ts)
// Each prerendered page also preloads the display fonts its first screen uses, so nothing waits on a font.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { compressFile } from "./vite-precompress.ts";
import { routeTable } from "./vite-route-table.ts";

type Page = { html: string; title: string };
type Prerender = {
  prerenderPages(): Promise<{ landing: Page; auth: Page; notFound: Page; shellPaths: string[] }>;
};

/** The faces the first screen of a public page draws with: Orbitron's bold and black, Rajdhani's text weights. */
const FIRST_SCREEN_FONTS = [
  /^orbitron-latin-(700|900)-normal-.*\.woff2$/,
  /^rajdhani-latin-(500|700)-normal-.*\.woff2$/,
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function fill(template: string, page: Page, fontLinks: string): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error("prerender: the page has no empty #root");
  return template
    .replace(root, `<div id="root">${page.html}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace("</title>", `</title>\n    ${fontLinks}`);
}

export function prerenderPages(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "bot-arena-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // One scratch folder per build: two builds at once (two `npm start`s) must not overwrite each other's.
      const scratch = path.join(root, "node_modules/.prerender", path.basename(outDir));
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        plugins: [react(), routeTable()],
        ssr: { noExternal: [/^@bot-arena\//] },
        build: {
          ssr: "src/prerender.tsx",
          outDir: scratch,
          emptyOutDir: true,
          target: "node20",
          rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
        },
      });
      // Imported by its plain URL: its page chunks import it back, and a second URL would be a second module.
      const prerender = (await import(pathToFileURL(path.join(scratch, "prerender.mjs")).href)) as Prerender;
      const pages = await prerender.prerenderPages();
      rmSync(scratch, { recursive: true, force: true });

      const fontLinks = readdirSync(path.join(outDir, "assets"))
        .filter((name) => FIRST_SCREEN_FONTS.some((pattern) => pattern.test(name)))
        .map(
          (name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin />`,
        )
        .join("\n    ");
      const appHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
      const landingHtml = readFileSync(path.join(outDir, "landing.html"), "utf8");
      const authHtml = readFileSync(path.join(outDir, "auth.html"), "utf8");
      const written = {
        "index.html": fill(landingHtml, pages.landing, fontLinks),
        "auth.html": fill(authHtml, pages.auth, fontLinks),
        "404.html": fill(appHtml, pages.notFound, fontLinks),
        "app.html": appHtml,
        "pages.json": `${JSON.stringify(
          {
            pages: { "/": "index.html", "/auth": "auth.html" },
            notFound: "404.html",
            app: "app.html",
            appPaths: pages.shellPaths,
          },
          null,
          2,
        )}\n`,
      };
      for (const name of ["landing.html", "landing.html.br", "landing.html.gz"]) {
        const file = path.join(outDir, name);
        if (existsSync(file)) rmSync(file);
      }
      for (const [name, text] of Object.entries(written)) {
        const file = path.join(outDir, name);
        writeFileSync(file, text);
        compressFile(file);
      }
    },
  };
}
