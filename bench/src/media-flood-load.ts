// The attackers of `--only=media-flood`, in a process of their own (at the lowest CPU priority, as
// auth-flood-load.ts: real attackers run on other machines). Each of --clients loops fetches --urls in turn
// without a cookie, whole and then by a range (a seek into it, then its last bytes), reads every byte sent,
// and goes straight on, 429 or not (--pause ms after a 429, 0 by default: the worst case). Prints one JSON line:
// answers by status, bytes received, and requests that took longer than 30 s or failed.
import http from "node:http";
import os from "node:os";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const bases = arg("bases", "")
  .split(",")
  .filter(Boolean)
  .map((b) => new URL(b));
const urls = arg("urls", "").split(",").filter(Boolean);
const clients = Number(arg("clients", "40"));
const seconds = Number(arg("seconds", "30"));
const pauseMs = Number(arg("pause", "0"));

const agent = new http.Agent({ keepAlive: true, maxSockets: clients * 2 });
os.setPriority(19);

const statuses = new Map<number, number>();
let bytes = 0;
let timeouts = 0;
let failures = 0;
const deadline = Date.now() + seconds * 1000;

function get(base: URL, path: string, range: string | null): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      { agent, host: base.hostname, port: base.port, path, headers: range ? { range } : {}, timeout: 30_000 },
      (response) => {
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    request.on("timeout", () => {
      timeouts += 1;
      request.destroy();
    });
    request.on("error", () => resolve(0));
  });
}

async function loop(client: number) {
  for (let i = 0; Date.now() < deadline; i += 1) {
    const url = urls[(client + Math.floor(i / 3)) % urls.length]!;
    const range = [null, `bytes=${(client * 4096 + i * 512) % 100_000}-`, "bytes=-100000"][i % 3]!;
    const status = await get(bases[(client + i) % bases.length]!, url, range);
    if (status === 0) failures += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status === 429 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
}

await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
console.log(JSON.stringify({ statuses: Object.fromEntries(statuses), bytes, timeouts, failures }));
agent.destroy();
