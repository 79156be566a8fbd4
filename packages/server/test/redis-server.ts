// A Redis server of the test's own (`redis-server` on a free port, keeping nothing on disk), for tests that stop
// and start the bus: never the machine's shared Redis, which other test files and processes use.
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";

export type OwnRedis = {
  url: string;
  port: number;
  /** Kills it as a crash would (SIGKILL) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something answers PING with PONG on the port. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = "";

  async function start() {
    output = "";
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<never>((_, reject) =>
      child!.once("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`))),
    );
    exited.catch(() => {});
    for (let i = 0; i < 200; i++) {
      if (await answersPing(port)) return;
      if (child.exitCode !== null) await exited;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`redis-server did not answer on port ${port}:\n${output}`);
  }

  async function end(signal: NodeJS.Signals) {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const gone = new Promise((resolve) => current.once("exit", resolve));
    current.kill(signal);
    await gone;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => end("SIGKILL"),
    start,
    stop: () => end("SIGTERM"),
  };
}
