// The built web app: served at /, hashed assets cached forever, page paths fall back to index.html, and the
// security headers the app runs under.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../test/helpers";

const webDist = mkdtempSync(path.join(tmpdir(), "bot-arena-web-"));
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "index.html"), indexHtml);
  writeFileSync(path.join(webDist, "assets", "app-1a2b.js"), "console.log('arena')");
  writeFileSync(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the web app", () => {
  it("serves index.html at / without long caching", async () => {
    const response = await t.app.inject("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toBe(indexHtml);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("serves hashed assets as immutable", async () => {
    const response = await t.app.inject("/assets/app-1a2b.js");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("falls back to index.html for the client router's pages", async () => {
    for (const url of ["/dashboard", "/guilds/3f1c", "/no-such-page?tab=x"]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
  });

  it("answers missing files and unknown API paths with a JSON 404, never the app", async () => {
    for (const url of ["/assets/missing-9z.js", "/logo.png", "/api/nope", "/api", "/media/x.wav"]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe("NOT_FOUND");
    }
    expect((await t.app.inject({ method: "POST", url: "/dashboard" })).statusCode).toBe(404);
  });

  it("sends a strict content security policy and the other security headers", async () => {
    const headers = (await t.app.inject("/")).headers;
    const csp = String(headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "media-src": "'self' blob:",
      "connect-src": "'self' ws: wss:",
      "frame-ancestors": "'none'",
    });
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
  });
});

describe("without a built web app", () => {
  it("answers page paths with a JSON 404 and keeps the API working", async () => {
    const bare = await createTestApp({ database: t.database });
    expect((await bare.app.inject("/dashboard")).statusCode).toBe(404);
    expect((await bare.app.inject("/api/health")).statusCode).toBe(200);
    await bare.close();
  });
});
