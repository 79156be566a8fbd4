// Refuses state-changing requests sent from another site (CSRF), on top of SameSite=Lax cookies: the Origin
// header must name this server's own host; without Origin, a browser's Sec-Fetch-Site must not say cross-site.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossOriginRefused = () =>
  new AppError(403, "CROSS_ORIGIN_REFUSED", "Cross-origin request refused");

/** True when the request comes from this server's own pages (or a trusted origin), or from no browser page at all. */
export function isSameOrigin(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] !== "cross-site";
  if (trustedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
}

export function installOriginGuard(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, trustedOrigins)) throw crossOriginRefused();
  });
}
