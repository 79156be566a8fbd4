// The built web app over HTTP, with its pages for page paths (media are served by platform/media/serve.ts).
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound, sendError } from "./errors";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** True when the web app was built; the server then serves it at / . */
export function hasWebApp(webDist: string): boolean {
  return existsSync(path.join(webDist, "index.html"));
}

/** The page itself names the bundles of this deploy, so no cache may keep it (not even to revalidate). */
const INDEX_CACHE = "no-store";

/**
 * The build folder `webDist` points at now. A deploy swaps the link to a new build (scripts/web-swap.mjs): a file
 * sent through the link was measured in one build and read from the next, a page cut short (a broken brotli
 * stream). Each request resolves the link once and sends from that build, which the swap keeps for one more.
 */
const buildOf = (webDist: string): string => {
  try {
    return realpathSync(webDist);
  } catch {
    return webDist;
  }
};

/** A file directly under a build's assets/ folder: Vite's content-hashed bundles. */
const ASSET_FILE = new RegExp(`\\${path.sep}assets\\${path.sep}[^\\${path.sep}]+$`);

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    // Served by the route below, from the build resolved for each request.
    serve: false,
    index: "index.html",
    dotfiles: "deny",
    // The build writes name.br and name.gz beside every text file (vite-precompress.ts); the plugin picks the
    // one the browser accepts (br first), sets Content-Encoding and `Vary: accept-encoding`, and falls back to
    // the plain file.
    preCompressed: true,
    setHeaders: (reply, file) => {
      // Vite puts content-hashed bundles under assets/; everything else may change with a deploy.
      if (ASSET_FILE.test(file)) reply.header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`);
      else if (/\.html(\.br|\.gz)?$/.test(path.basename(file))) reply.header("cache-control", INDEX_CACHE);
      else reply.header("cache-control", "no-cache");
    },
  });
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    // Not returned: a reply is thenable, and a handler's result that is one is waited on again and again.
    handler: (request, reply) => {
      reply.sendFile(request.url.split("?")[0] ?? "/", buildOf(webDist));
    },
  });
}

const isApiOrMedia = (url: string) => /^\/(api|media)(\/|$)/.test(url);

/**
 * Which built page answers a page path. The web build prerenders / (index.html), /auth and the not-found page,
 * and names them in pages.json with the app's own routes (the signed-in shell's, `/guilds/:id` style), which get
 * the app's page (app.html) for the client to render. A build without pages.json answers every page path with
 * index.html.
 */
export type WebPages = (pathname: string) => { file: string; status: number };

type PagesFile = { pages: Record<string, string>; notFound: string; app: string; appPaths: string[] };

export function webPagesOf(webDist: string): WebPages {
  const file = path.join(webDist, "pages.json");
  // Read again whenever the file changes: a new build swapped in under a running process (scripts/web-swap.mjs)
  // may bring new app routes, which the old list would answer with the not-found page.
  let readFrom: string | null = null;
  let current: WebPages = () => ({ file: "index.html", status: 200 });
  return (pathname) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    const key = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : "none";
    if (key !== readFrom) {
      const next = stat ? pagesFrom(file) : null;
      // A file caught half-written keeps the last good list; the next request reads it again.
      if (next !== undefined) {
        current = next ?? (() => ({ file: "index.html", status: 200 }));
        readFrom = key;
      }
    }
    return current(pathname);
  };
}

/** The pages a pages.json names; undefined when it cannot be parsed (yet). */
function pagesFrom(file: string): WebPages | undefined {
  let pages: PagesFile;
  try {
    pages = JSON.parse(readFileSync(file, "utf8")) as PagesFile;
  } catch {
    return undefined;
  }
  const appPaths = pages.appPaths.map(
    (route) => new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+").replace(/[.]/g, "\\.")}/?$`),
  );
  return (pathname) => {
    const page = pages.pages[pathname];
    if (page) return { file: page, status: 200 };
    if (appPaths.some((pattern) => pattern.test(pathname))) return { file: pages.app, status: 200 };
    return { file: pages.notFound, status: 404 };
  };
}

/**
 * Unknown GETs of page-like paths (no file extension) get their built page (webPagesOf): a prerendered one, the
 * app's page for the client router, or the not-found page with a 404; everything else, and every /api and /media
 * path, gets a JSON 404.
 */
export function notFoundHandler(pages: WebPages | null, webDist?: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const pageLike = !path.posix.basename(url).includes(".");
    if (pages && (request.method === "GET" || request.method === "HEAD") && !isApiOrMedia(url) && pageLike) {
      const page = pages(url);
      const answer = reply.code(page.status).header("cache-control", INDEX_CACHE);
      return webDist ? answer.sendFile(page.file, buildOf(webDist)) : answer.sendFile(page.file);
    }
    return sendError(reply, notFound());
  };
}
