// The web build's prerendered pages (packages/web/vite-prerender.ts): / , /auth and the not-found page come as
// HTML that already holds their content, under the same headers and CSP as every page; the signed-in shell's routes
// get the app's page for the client to render; an unknown path gets the not-found page with a 404.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";

const page = (body: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root">${body}</div></body></html>`;
const pages = {
  "index.html": page(
    '<h1 id="hero-title">BOT ARENA</h1><a href="/auth">Initiate Launch</a><a href="/auth">Deploy Now</a>',
  ),
  "auth.html": page("<h1>Pilot Login</h1>"),
  "404.html": page("<h1>Oops! Page not found</h1>"),
  "app.html": page(""),
};

const webDist = mkdtempSync(path.join(tmpdir(), "bot-arena-web-prerendered-"));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, "assets"));
  for (const [name, html] of Object.entries(pages)) {
    writeFileSync(path.join(webDist, name), html);
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(html));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(html));
  }
  writeFileSync(path.join(webDist, "assets", "app-1a2b.js"), "export {}");
  writeFileSync(
    path.join(webDist, "pages.json"),
    JSON.stringify({
      pages: { "/": "index.html", "/auth": "auth.html" },
      notFound: "404.html",
      app: "app.html",
      appPaths: ["/dashboard", "/guilds/:id", "/battles/:id"],
    }),
  );
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function get(url: string, encoding = "br, gzip") {
  const response = await t.app.inject({ url, headers: { "accept-encoding": encoding } });
  const body =
    response.headers["content-encoding"] === "br"
      ? brotliDecompressSync(response.rawPayload).toString()
      : response.body;
  return { response, body };
}

describe("the prerendered pages", () => {
  it("answers each public path with its own page, brotli-compressed, never cached", async () => {
    for (const [url, file] of [
      ["/", "index.html"],
      ["/auth", "auth.html"],
    ] as const) {
      const { response, body } = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(body, url).toBe(pages[file]);
    }
    // A browser without brotli gets the same page.
    expect((await get("/auth", "identity")).body).toBe(pages["auth.html"]);
  });

  it("gives the signed-in shell's routes the app's page and an unknown path the not-found page with a 404", async () => {
    for (const url of ["/dashboard", "/guilds/3f1c", "/battles/9?replay=1"]) {
      const { response, body } = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(body, url).toBe(pages["app.html"]);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    for (const url of ["/no/such/place", "/guilds", "/dashboard/extra"]) {
      const { response, body } = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(body, url).toBe(pages["404.html"]);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("serves every page under the CSP without inline scripts", async () => {
    for (const url of ["/", "/auth", "/no/such/place", "/dashboard"]) {
      const csp = String((await get(url)).response.headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });
});

// The real build, when there is one: its / and /auth hold the hero, the spec's links and the sign-in form as HTML,
// and every script in them is a file (the CSP allows no inline script).
const built = path.resolve(import.meta.dirname, "../../../web/dist");
describe("the web build's prerendered pages", () => {
  let app: TestApp;
  beforeAll(async () => {
    // `npm test` builds the web app before this suite; a run of this file alone builds it here.
    if (!existsSync(path.join(built, "pages.json"))) {
      execFileSync("npm", ["run", "build", "-w", "packages/web"], {
        cwd: path.resolve(built, "../../.."),
        stdio: "ignore",
      });
    }
    app = await createTestApp({ config: { webDist: built } });
  }, 180_000);
  afterAll(() => app.close());

  it("holds the hero, 'Initiate Launch' and 'Deploy Now' in the HTML of /, and the sign-in form in /auth", async () => {
    const landing = await app.app.inject("/");
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('id="hero-title"');
    expect(landing.body).toMatch(/>Initiate Launch<\/a>/);
    expect(landing.body).toMatch(/>Deploy Now<\/a>/);
    expect(landing.body).toContain('href="/auth"');
    expect(landing.body).toContain('href="#features"');
    const auth = await app.app.inject("/auth");
    expect(auth.body).toContain("Pilot Login");
    expect(auth.body).toContain("Don&#x27;t have an account? Sign up");
    // Until React listens, the form cannot be pressed or sent natively (a lost press, a password in the address).
    expect(auth.body).toMatch(/<fieldset disabled=""/);
    for (const html of [landing.body, auth.body, readFileSync(path.join(built, "404.html"), "utf8")]) {
      for (const script of html.match(/<script\b[^>]*>[^<]*<\/script>/g) ?? []) {
        expect(script).toMatch(/ src="\/assets\/[^"]+\.js"/);
        expect(script).toMatch(/><\/script>$/);
      }
    }
    expect(String(landing.headers["content-security-policy"])).toContain("script-src 'self';");
  });
});
