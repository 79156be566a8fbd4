// The built web app: served at /, hashed assets cached forever, page paths fall back to index.html, and the
// security headers the app runs under.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../test/helpers";
import { apiSecurityHeaders } from "./security-headers";

const webDist = mkdtempSync(path.join(tmpdir(), "bot-arena-web-"));
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head></html>';

const appJs = `console.log(${JSON.stringify("arena ".repeat(200))})`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "index.html"), indexHtml);
  writeFileSync(path.join(webDist, "assets", "app-1a2b.js"), appJs);
  // As the web build's precompress plugin leaves them: a .br and a .gz beside the file.
  writeFileSync(path.join(webDist, "assets", "app-1a2b.js.br"), brotliCompressSync(appJs));
  writeFileSync(path.join(webDist, "assets", "app-1a2b.js.gz"), gzipSync(appJs));
  writeFileSync(path.join(webDist, "index.html.gz"), gzipSync(indexHtml));
  writeFileSync(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the web app", () => {
  it("serves index.html at / and never lets a cache keep it", async () => {
    const response = await t.app.inject("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toBe(indexHtml);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("sends the precompressed file the browser accepts, brotli first, and varies on accept-encoding", async () => {
    const br = await t.app.inject({ url: "/assets/app-1a2b.js", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(appJs.length / 4);

    const gzip = await t.app.inject({ url: "/assets/app-1a2b.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appJs);
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const plain = await t.app.inject({
      url: "/assets/app-1a2b.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.body).toBe(appJs);
  });

  it("keeps index.html uncached when it arrives compressed or as a page's fallback", async () => {
    for (const url of ["/", "/dashboard"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(response.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(response.rawPayload).toString(), url).toBe(indexHtml);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
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
      expect(response.headers["cache-control"], url).toBe("no-store");
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
      "connect-src": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-dns-prefetch-control"]).toBe("off");
  });

  it("gives API answers, JSON and errors alike, the short set: a policy that allows nothing, and no framing", async () => {
    for (const url of ["/api/session", "/api/nope", "/api/me"]) {
      const headers = (await t.app.inject(url)).headers;
      for (const [name, value] of Object.entries(apiSecurityHeaders)) expect(headers[name], url).toBe(value);
      expect(String(headers["content-security-policy"]), url).toContain("default-src 'none'");
      // Helmet's page-only headers stay off the hot reads.
      expect(headers["x-dns-prefetch-control"], url).toBeUndefined();
      expect(headers["origin-agent-cluster"], url).toBeUndefined();
    }
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
