// Security headers on every kind of answer, not just the home page: each contract route signed in and out,
// refusals of every status, the app's pages, its assets. A strict CSP (no inline or eval'd script on pages,
// nothing at all on API answers), nosniff, no framing, a referrer policy; and personal API answers are never stored by a shared cache.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers";
import { fillPath, servedRoutes } from "./contract-routes";

const webDist = mkdtempSync(path.join(tmpdir(), "bot-arena-abuse-web-"));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><script type="module" src="/assets/a.js"></script>',
  );
  writeFileSync(path.join(webDist, "assets", "a.js"), "export {}");
  t = await createTestApp({ config: { webDist, rateLimit: { authMax: 10, authWindowMs: 60_000 } } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name ?? "", values];
    }),
  );
}

/**
 * A page or asset: the app's policy. An API answer (JSON, or a bot's SVG): a policy that allows nothing to load or
 * run at all (no script-src, object-src or connect-src of its own: each falls back to default-src 'none').
 */
function expectSecurityHeaders(response: LightMyRequestResponse, label: string, kind: "page" | "api") {
  const { headers } = response;
  const csp = directives(String(headers["content-security-policy"] ?? ""));
  expect(csp["frame-ancestors"], `${label}: frame-ancestors`).toEqual(["'none'"]);
  if (kind === "page") {
    expect(csp["script-src"], `${label}: script-src`).toEqual(["'self'"]);
    expect(csp["object-src"], `${label}: object-src`).toEqual(["'none'"]);
    expect(csp["default-src"], `${label}: default-src`).toEqual(["'self'"]);
    // The live socket is same-origin; 'self' covers ws(s) to this host and nothing else.
    expect(csp["connect-src"], `${label}: connect-src`).toEqual(["'self'"]);
  } else {
    expect(csp["default-src"], `${label}: default-src`).toEqual(["'none'"]);
    for (const fallsBack of ["script-src", "object-src", "connect-src", "img-src"]) {
      expect(csp[fallsBack], `${label}: ${fallsBack}`).toBeUndefined();
    }
  }
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  it("are on the app's pages and assets", async () => {
    for (const url of ["/", "/dashboard", "/assets/a.js", "/missing.png"]) {
      expectSecurityHeaders(await t.app.inject(url), url, "page");
    }
  });

  it("are on every contract route's answer, signed in or not, and on every kind of refusal", async () => {
    const player = await signUp(t.app);
    for (const route of servedRoutes(t.app)) {
      const url = fillPath(route.spec.path);
      expectSecurityHeaders(
        await t.app.inject({ method: route.spec.method, url }),
        `${route.name} anonymous`,
        "api",
      );
      expectSecurityHeaders(
        await player.request({ method: route.spec.method, url }),
        `${route.name} signed in`,
        "api",
      );
    }
    const refusals = [
      await player.request({
        method: "POST",
        url: "/api/bots/summon",
        payload: "{bad",
        headers: { "content-type": "application/json" },
      }),
      await player.request({
        method: "POST",
        url: "/api/bots/summon",
        payload: "x",
        headers: { "content-type": "text/plain" },
      }),
      await player.request({
        method: "POST",
        url: "/api/bots/summon",
        payload: { count: "x".repeat(70_000) },
      }),
      await player.request({
        method: "POST",
        url: "/api/bots/summon",
        headers: { origin: "https://evil.example" },
      }),
      await t.app.inject({ method: "GET", url: "/api/no-such-route" }),
    ];
    // The login limit counts per address: a fresh one, so the route walk above does not use it up.
    const signIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        remoteAddress: "198.51.100.7",
        payload: { email: "a@b.co", password: "x" },
      });
    for (let i = 0; i < 10; i++) await signIn();
    refusals.push(await signIn());
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 415, 413, 403, 404, 429]);
    for (const response of refusals) expectSecurityHeaders(response, `refusal ${response.statusCode}`, "api");
  });

  it("keep personal API answers out of shared caches", async () => {
    const player = await signUp(t.app);
    for (const url of ["/api/me", "/api/bots", "/api/bank"]) {
      const response = await player.get(url);
      if (response.statusCode === 404) continue;
      expect(String(response.headers["cache-control"]), url).toMatch(/no-store|private/);
    }
  });
});
