// The security headers. Pages, scripts and media get helmet's full set with the app's content security policy.
// An API answer is JSON that no browser renders as a document (nosniff), so it gets the short set OWASP's REST
// sheet lists: a policy that allows nothing, no framing, no sniffing, the referrer rule and HTTPS. The full set is
// about 750 bytes on every answer; on the hot reads (GET /api/me answers 80 bytes of JSON) writing them was a
// visible part of the server's time (docs/performance-history.md, issue 29 item 3).
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React's style props become inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:"],
    fontSrc: ["'self'", "data:"],
    // 'self' covers ws: and wss: to this very host (CSP 3), so the live socket needs no wider source.
    connectSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** What every /api/ answer carries. */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  // Inline styles only for the bot pictures (SVG) some routes answer with; nothing else loads or runs.
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": REFERRER_POLICY,
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

export function installSecurityHeaders(app: FastifyInstance): void {
  // Helmet's middleware, built once: @fastify/helmet built it again on every request (7% of /api/me's CPU).
  const pageHeaders = helmet({
    contentSecurityPolicy,
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.startsWith("/api/")) {
      reply.headers(apiSecurityHeaders);
      done();
    } else pageHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
