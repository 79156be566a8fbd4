// GET /media/<folder>/<name>: the stored media, with the headers @fastify/static gave the files they once were:
// cached for a year as immutable, an ETag (now the name's hash, the same on every process), Last-Modified, 304 to
// a matching If-None-Match, and byte ranges (the music player seeks with them). Small objects are sent from
// this process's memory, large ones from its local copy (cache.ts), filled from the store on first read. Every
// request is admitted first: a signed-in player's in the player's own limits, anyone else's in the per-address
// media limits (limits/media-limits.ts), so a download loop gets 429s instead of the process.

import { pipeline } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/session";
import { AppError, notFound, sendError } from "../errors";
import type { MediaLimits } from "../limits/media-limits";
import { releaseWhenDone } from "../route";
import type { CachedMedia } from "./cache";
import { contentTypeOf, etagOf, mediaKey } from "./keys";
import { pacedStream } from "./paced-stream";
import type { MediaStore } from "./store";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const MEDIA_CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, immutable`;
/** Media may include uploaded SVG: opened directly it must not run scripts on our origin. */
export const MEDIA_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range: bytes=...` header within `size` bytes: null to send it all (no header, another
 * unit, several ranges, or nonsense, as @fastify/send did), "unsatisfiable" for a range wholly past the end.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/** A request header's one value (Node joins repeated ones, or gives an array for a few). */
const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** If-None-Match lists ETags (weak ones compare equal by their value) or `*`. */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/** If-Range names this ETag or a date not before the object's: only then does the Range apply. */
function rangeStillApplies(ifRange: string | undefined, etag: string, modified: Date): boolean {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

function notModifiedSince(request: FastifyRequest, modified: Date): boolean {
  const header = headerOf(request, "if-modified-since");
  if (!header || headerOf(request, "if-none-match")) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** `paceBytesPerSecond`: an anonymous stream's rate (null: as fast as the client reads). */
async function send(
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  object: CachedMedia,
  range: ByteRange,
  paceBytesPerSecond: number | null,
) {
  const length = range.end - range.start + 1;
  reply.header("content-length", length);
  if (reply.request.method === "HEAD" || length === 0) return reply.send();
  const body = await store.read(key, object, range.start, range.end);
  // A view of the remembered bytes, not a copy.
  if (body instanceof Uint8Array)
    return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  if (paceBytesPerSecond === null) return reply.send(body);
  // pipeline: a client that goes away closes the copy's file too.
  const paced = pacedStream(paceBytesPerSecond);
  pipeline(body, paced, () => {});
  return reply.send(paced);
}

/**
 * Counts the request in the player's limits when its cookie names a session, else in its address's; whether
 * it was anonymous (its bytes are then charged too).
 */
async function admit(
  app: FastifyInstance,
  limits: MediaLimits,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    // The session's slot only while it is looked up: a track playing for minutes must not hold it.
    const releaseSession = await app.requestLimits.admitSession(token, reply);
    // No reply: a picture's answer never renews the cookie (it may sit in a shared cache).
    const user = await app.sessions.authenticate(request).finally(releaseSession);
    if (user) {
      releaseWhenDone(reply, await app.requestLimits.admitPlayerMedia(user.id, reply, token));
      return false;
    }
  }
  releaseWhenDone(reply, await limits.admitAnonymous(request.ip, reply));
  return true;
}

const SUCCESS_HEADERS = [
  "cache-control",
  "etag",
  "accept-ranges",
  "last-modified",
  "content-type",
  "content-range",
] as const;

export function registerMediaRoute(app: FastifyInstance, store: MediaStore, limits: MediaLimits): void {
  const anonymous = new WeakSet<FastifyRequest>();
  /** Sends `range`, charged first to an anonymous request's address by its length. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    object: CachedMedia,
    range: ByteRange,
  ) => {
    if (anonymous.has(request) && request.method !== "HEAD") {
      try {
        await limits.chargeBytes(request.ip, range.end - range.start + 1, reply);
      } catch (error) {
        // The refusal must not carry the object's headers (a year's caching above all).
        for (const name of SUCCESS_HEADERS) reply.removeHeader(name);
        throw error;
      }
    }
    return send(
      reply,
      store,
      key,
      object,
      range,
      anonymous.has(request) ? limits.streamBytesPerSecond : null,
    );
  };
  // HEAD named here: Fastify's own HEAD for a GET would read the whole object to count its length.
  app.route<{ Params: { folder: string; name: string } }>({
    method: ["GET", "HEAD"],
    url: "/media/:folder/:name",
    preHandler: async (request, reply) => {
      if (await admit(app, limits, request, reply)) anonymous.add(request);
    },
    handler: async (request, reply) => {
      const key = mediaKey(request.params.folder, request.params.name);
      if (!key) return sendError(reply, notFound());
      const etag = etagOf(key);
      reply
        .header("cache-control", MEDIA_CACHE_CONTROL)
        .header("content-security-policy", MEDIA_CSP)
        .header("etag", etag)
        .header("accept-ranges", "bytes");
      // The name is the ETag: a browser holding these bytes is answered without asking the store.
      if (matchesAny(headerOf(request, "if-none-match"), etag)) return reply.code(304).send();
      const object = await store.find(key);
      if (!object) {
        reply.removeHeader("cache-control").removeHeader("etag").removeHeader("accept-ranges");
        return sendError(reply, notFound());
      }
      reply.header("last-modified", object.modified.toUTCString());
      if (notModifiedSince(request, object.modified)) return reply.code(304).send();
      reply.header("content-type", contentTypeOf(key));
      const asked = rangeStillApplies(headerOf(request, "if-range"), etag, object.modified)
        ? byteRangeOf(headerOf(request, "range"), object.size)
        : null;
      if (asked === "unsatisfiable") {
        reply.removeHeader("content-type");
        reply.header("content-range", `bytes */${object.size}`);
        return sendError(reply, new AppError(416, "BAD_REQUEST", "The range asked for is past the end"));
      }
      if (asked) {
        reply.code(206).header("content-range", `bytes ${asked.start}-${asked.end}/${object.size}`);
        return answer(request, reply, key, object, asked);
      }
      return answer(request, reply, key, object, { start: 0, end: object.size - 1 });
    },
  });
}
