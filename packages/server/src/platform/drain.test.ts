import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";

type Answer = { status: number; connection: string | undefined; body: string; localPort: number };

/** A GET over `agent` (one kept-alive connection), with the local port of the connection it went over. */
function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
          localPort: request.socket!.localPort!,
        }),
      );
    });
    request.on("error", reject);
  });
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function listening(graceMs: number) {
  t = await createTestApp({ config: { shutdownGraceMs: graceMs } });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 10_000, interval: 5 }).toBe(true);

describe("a drain (SIGTERM, main.ts)", () => {
  it("answers a request that arrives on an idle kept-alive connection after it stopped listening, with Connection: close", async () => {
    const port = await listening(20_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(agent, port, "/api/health/live");
    expect(first).toMatchObject({ status: 200, connection: "keep-alive" });

    const closed = t!.app.drain.close();
    await until(() => !t!.app.server.listening);
    // The connection nginx would reuse: not closed under it, answered, and then let go.
    const during = await get(agent, port, "/api/health/ready");
    expect(during.localPort).toBe(first.localPort);
    expect(during.status).toBe(503);
    expect(during.connection).toBe("close");
    expect(JSON.parse(during.body).reasons).toContain("the process is stopping");
    await closed;
    agent.destroy();
  });

  it("closes the idle connections left once its wait for them is over, and then ends", async () => {
    // SHUTDOWN_GRACE_MS 400: idle connections are waited for half of it.
    const port = await listening(400);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(agent, port, "/api/health/live");
    const socket = Object.values(agent.freeSockets)[0]![0]!;
    let serverClosedIt = false;
    socket.on("close", () => {
      serverClosedIt = true;
    });
    await t!.app.drain.close();
    await until(() => serverClosedIt);
    agent.destroy();
  });
});
