// Anonymous download loops against a real server on a real socket (issue 43): with DATABASE_URL a server process
// (`src/main.ts`) on PostgreSQL, on PGlite an app of this process listening on a port, both at the production
// media limits. Forty loops fetch one track without a cookie, whole and by ranges, and never pause; once they
// are being refused, a signed-in bystander reads /api/me and plays the same track: every one of the
// bystander's requests is answered, and the loops were told 429 with Retry-After. How long anything took is the
// bench's business (`npm run bench -- --only=media-flood`), never this test's.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/platform/config";
import { createTestApp, createTestDatabase, type TestDatabase, uniqueName } from "./helpers";
import { databaseMediaStore } from "./media";
import { type ServerProcess, startServerProcess } from "./server-process";

const usePostgres = Boolean(process.env.DATABASE_URL);
const LOOPS = 40;
const track = randomBytes(3 * 1024 * 1024);

let shared: TestDatabase;
let base = "";
let stop: () => Promise<unknown> = async () => {};
let trackUrl = "";

beforeAll(async () => {
  shared = await createTestDatabase();
  trackUrl = await databaseMediaStore(shared.database.db).save("music", track, "wav");
  if (usePostgres) {
    const server: ServerProcess = await startServerProcess({
      databaseUrl: shared.url!,
      env: { PASSWORD_HASH_COST: "12" },
    });
    base = server.url;
    stop = () => server.stop();
  } else {
    // The production media limits, not the test configuration's generous ones.
    const t = await createTestApp({
      database: shared.database,
      config: { mediaLimits: loadConfig({}).mediaLimits },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    stop = () => t.close();
  }
}, 180_000);

afterAll(async () => {
  await stop();
  await shared.drop();
});

const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS + 8 });

type Answer = { status: number; retryAfter: string | undefined; bytes: number };

/** One GET read to its end (the loops read every byte they are sent, as a downloader would). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${url}`, { agent, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"] as string | undefined,
          bytes,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function signUpOver(): Promise<string> {
  const username = uniqueName();
  const response = await fetch(`${base}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@arena.test`, password: "secret12" }),
  });
  expect(response.status).toBe(201);
  return /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];
}

describe(`${LOOPS} anonymous download loops (${usePostgres ? "a server process on PostgreSQL" : "PGlite"})`, () => {
  it("are refused with 429 and Retry-After while a signed-in bystander is answered every time", async () => {
    const cookie = await signUpOver();
    const statuses = new Map<number, number>();
    let refusedWithoutRetryAfter = 0;
    let running = true;
    let firstRefusal: () => void = () => {};
    const refused = new Promise<void>((resolve) => (firstRefusal = resolve));

    const loop = async (n: number) => {
      for (let i = 0; running; i += 1) {
        // Whole, then a seek into it, then its last bytes: what a downloader and a player ask for.
        const range = [undefined, `bytes=${(n * 65_536) % track.length}-`, "bytes=-100000"][i % 3];
        const answer = await get(trackUrl, range ? { range } : {});
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429) {
          if (!answer.retryAfter || Number(answer.retryAfter) < 1) refusedWithoutRetryAfter += 1;
          firstRefusal();
        }
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));
    await refused;

    const bystander: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      bystander.push((await get("/api/me", { cookie })).status);
      const played = await get(trackUrl, { cookie, range: `bytes=${i * 1000}-${i * 1000 + 999}` });
      bystander.push(played.status === 206 && played.bytes === 1000 ? 206 : played.status);
    }
    running = false;
    await Promise.all(loops);

    expect(bystander).toEqual(Array.from({ length: 20 }, () => [200, 206]).flat());
    expect(statuses.get(429) ?? 0).toBeGreaterThan(0);
    expect(refusedWithoutRetryAfter).toBe(0);
    // Nothing but answers and refusals: no error, no dropped connection.
    expect([...statuses.keys()].filter((status) => ![200, 206, 429].includes(status))).toEqual([]);
  });
});
