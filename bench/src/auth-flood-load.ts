// The attackers of `--only=auth-flood`, in a process of their own so their event loop never delays the
// bystander's measurements in the bench's. Prints one JSON line of answers by status when the time is up.
//   --mode=sign-in: wrong-password sign-ins, each from a made-up address (the servers trust X-Forwarded-For
//     in this bench, so each attempt is a new address, as from a botnet), one in four at the victim's email and
//     the rest at emails nobody has; after a 429 a client pauses --pause ms, then goes on.
//   --mode=reads: one player's expensive reads (leaderboard, roster, marketplace, ledger, tournaments,
//     guilds), all clients with that player's cookie (FLOOD_COOKIE), one after another without a pause.
// Real attackers run on other machines: here they take this machine's leftovers (the lowest CPU priority), so
// what is measured is the server's answer to them, not the load generator's own appetite for the cores.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { request } from "./http";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const mode = arg("mode", "sign-in");
const bases = arg("bases", "")
  .split(",")
  .filter(Boolean)
  .map((b) => new URL(b));
const clients = Number(arg("clients", "64"));
const seconds = Number(arg("seconds", "60"));
const pauseMs = Number(arg("pause", "100"));
const victim = arg("victim", "");
const cookie = process.env.FLOOD_COOKIE ?? "";

const expensiveReads = [
  "/api/leaderboard",
  "/api/bots",
  "/api/marketplace",
  "/api/bank/ledger?limit=50",
  "/api/tournaments",
  "/api/guilds",
];
const madeUpAddress = () => `10.${[...randomBytes(3)].join(".")}`;

os.setPriority(19);

const statuses = new Map<number, number>();
const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
const deadline = Date.now() + seconds * 1000;

async function signInFlood(client: number) {
  for (let i = 0; Date.now() < deadline; i += 1) {
    const email = i % 4 === 0 && victim ? victim : `nobody_${randomBytes(6).toString("hex")}@flood.test`;
    const answer = await request(bases[(client + i) % bases.length]!, "POST", "/api/auth/sign-in", {
      body: { email, password: `wrong-${i}` },
      headers: { "x-forwarded-for": madeUpAddress() },
    }).catch(() => ({ status: 0 }));
    count(answer.status);
    if (answer.status === 429) await new Promise((r) => setTimeout(r, pauseMs));
  }
}

async function readFlood(client: number) {
  for (let i = 0; Date.now() < deadline; i += 1) {
    const path = expensiveReads[(client + i) % expensiveReads.length]!;
    const answer = await request(bases[0]!, "GET", path, { cookie }).catch(() => ({ status: 0 }));
    count(answer.status);
  }
}

await Promise.all(
  Array.from({ length: clients }, (_, client) =>
    mode === "reads" ? readFlood(client) : signInFlood(client),
  ),
);
console.log(JSON.stringify(Object.fromEntries(statuses)));
