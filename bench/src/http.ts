// A keep-alive HTTP client for the load generator: loopback only, one cookie per simulated player.
import http from "node:http";

// No cap on sockets: each simulated player is a browser with a connection of its own. A cap of 512 per server
// queued 2,000 players' requests inside this process, and the queue's time was counted as the server's.
const agent = new http.Agent({ keepAlive: true });

export type Answer = {
  status: number;
  body: string;
  setCookie: string[];
  /** X-Load-Shed: the server refused the request as overloaded (platform/load-shed.ts). */
  shed?: boolean;
  /** Retry-After in seconds, when the answer carried it. */
  retryAfter?: number;
};

export function assertLoopback(base: URL): void {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) {
    throw new Error(`The bench only targets the loopback address, not ${base.hostname}`);
  }
}

export function request(
  base: URL,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => {
          const raw = res.headers["set-cookie"];
          resolve({
            status: res.statusCode ?? 0,
            body,
            setCookie: Array.isArray(raw) ? raw : [],
            shed: res.headers["x-load-shed"] !== undefined,
            retryAfter: Number(res.headers["retry-after"]) || undefined,
          });
        });
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** `name=value` of the session cookie an answer set (a sign-up or sign-in also sets the device cookie), or null. */
export function sessionCookieOf(setCookie: string[]): string | null {
  const line = setCookie.find((c) => c.startsWith("ba_session="));
  return line ? (line.split(";")[0] ?? null) : null;
}

export function cookieFrom(answer: Answer): string {
  const cookie = sessionCookieOf(answer.setCookie);
  if (!cookie) throw new Error(`no session cookie in answer ${answer.status} ${answer.body}`);
  return cookie;
}

/** Closed loop: `concurrency` workers each send one request after another until `seconds` pass. */
export async function closedLoop(
  seconds: number,
  concurrency: number,
  send: (worker: number) => Promise<Answer>,
): Promise<{ latencies: number[]; statuses: Map<number, number>; seconds: number }> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const before = performance.now();
        const answer = await send(worker);
        latencies.push(performance.now() - before);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  return { latencies, statuses, seconds: (performance.now() - started) / 1000 };
}
