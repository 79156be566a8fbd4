// A browser's requests through the proxy, made from node: HTTPS trusting the run's certificate, the Origin header
// a page sends with a state change or a socket, a chosen local address (127.0.0.2 and 127.0.0.3 are different
// clients to nginx), and the live socket over wss.
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { LiveEvent, LiveServerMessage } from "@bot-arena/contract";
import WebSocket from "ws";

export type ProxyAddress = { origin: string; ca: Buffer };

export type SendOptions = {
  cookie?: string;
  json?: unknown;
  body?: { bytes: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** The local address to connect from: another client, as far as nginx can tell. */
  from?: string;
};

export type ProxyAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** As it came: a compressed answer stays compressed. */
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
  /** The Set-Cookie line of the session cookie (attributes and all), or "". */
  setCookie: string;
};

/** The server's session cookie (a sign-in also sets the device cookie of the password lanes). */
const SESSION_COOKIE = "ba_session";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function send(
  proxy: ProxyAddress,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<ProxyAnswer> {
  const url = new URL(path, proxy.origin);
  const body =
    options.json !== undefined
      ? { bytes: Buffer.from(JSON.stringify(options.json)), contentType: "application/json" }
      : options.body;
  const headers: Record<string, string | number> = {
    ...(SAFE_METHODS.has(method) ? {} : { origin: proxy.origin }),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(body ? { "content-type": body.contentType, "content-length": body.bytes.length } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        ca: proxy.ca,
        agent: false,
        headers,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes,
            json: <T>() => JSON.parse(bytes.toString("utf8")) as T,
            setCookie: response.headers["set-cookie"]?.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? "",
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body?.bytes);
  });
}

/** `name=value` of a Set-Cookie line. */
export const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

export type ProxySocket = {
  /** The first event (already come or still to come) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (event: LiveEvent) => boolean, timeoutMs: number): Promise<LiveEvent>;
  /** The close code once the socket closed (by either end), or null while it is open. */
  closeCode(): number | null;
  close(): void;
};

/** /api/live through the proxy with the session cookie and the page's Origin, subscribed to `channels`. */
export function openSocket(proxy: ProxyAddress, cookie: string, channels: string[]): Promise<ProxySocket> {
  const socket = new WebSocket(`${proxy.origin.replace(/^https/, "wss")}/api/live`, {
    ca: proxy.ca,
    origin: proxy.origin,
    headers: { cookie },
  });
  const events: LiveEvent[] = [];
  const waiting = new Set<() => void>();
  let closedWith: number | null = null;
  socket.on("close", (code) => {
    closedWith = code;
  });
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as LiveServerMessage;
    if (message.type !== "event") return;
    events.push(message.event);
    for (const wake of waiting) wake();
  });
  const handle: ProxySocket = {
    next: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(new Error(`no matching live event in ${timeoutMs} ms`));
        }, timeoutMs);
        if (!look()) waiting.add(wake);
      }),
    closeCode: () => closedWith,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once("open", () => socket.send(JSON.stringify({ type: "subscribe", channels })));
    socket.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as LiveServerMessage).type === "subscribed") resolve(handle);
    });
    socket.once("unexpected-response", (_, response) =>
      reject(new Error(`the upgrade was answered ${response.statusCode}, not 101`)),
    );
    socket.once("error", reject);
    socket.once("close", (code, reason) =>
      reject(new Error(`socket closed (${code} ${reason}) before subscribing`)),
    );
  });
}
