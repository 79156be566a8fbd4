// A tiny TCP proxy for fault tests: sits between the app and PostgreSQL so a test can cut the network (every
// open connection reset, new ones refused at once) and restore it, without touching the database server; or
// lose one answer: a statement reaches the database, and its connection is cut before the answer comes back.
import net from "node:net";

export type TcpProxy = {
  port: number;
  cut(): void;
  restore(): void;
  /**
   * Once: on the first connection that sends `marker` and then `statement` (both matched against the bytes
   * sent, e.g. a table's name, then COMMIT), the statement is delivered and the connection reset before its
   * answer is passed back.
   */
  loseAnswerAfter(marker: RegExp, statement: RegExp): void;
  /** How many answers were lost so far. */
  lost(): number;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let losing: { marker: RegExp; statement: RegExp } | null = null;
  let lost = 0;
  const server = net.createServer((client) => {
    if (down) return client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {});
    }
    let marked = false;
    let dropAnswer = false;
    client.on("data", (chunk: Buffer) => {
      const text = chunk.toString("latin1");
      if (losing && !marked && losing.marker.test(text)) marked = true;
      if (losing && marked && losing.statement.test(text)) {
        losing = null;
        dropAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!dropAnswer) return void client.write(chunk);
      lost += 1;
      client.resetAndDestroy();
      upstream.destroy();
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    loseAnswerAfter(marker, statement) {
      losing = { marker, statement };
    },
    lost: () => lost,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
