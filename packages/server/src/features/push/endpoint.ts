// Where the server may send a push: a subscription's endpoint is the browser's word, so it could name any host.
// Only https to a public name or address is kept, never a loopback, private or link-local host, so a player
// cannot make the server post into its own network. PUSH_TEST_ENDPOINTS=on (tests) lets the local fake in. The
// name's addresses are checked again when a push is sent (delivery.ts): a name may resolve elsewhere later.
import { isIP } from "node:net";
import { pushMessages } from "@bot-arena/contract";
import { badRequest } from "../../platform/errors";

const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xe0000000, 3], // multicast and reserved, 224/3
];

function v4Private(address: string): boolean {
  const n = address.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
  return PRIVATE_V4.some(
    ([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit groups of a valid IPv6 address, '::' expanded and a dotted IPv4 tail read as two groups. */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const [front, back] = [part(head), part(tail)];
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

function v6Private(address: string): boolean {
  const g = v6Groups(address);
  const g0 = g[0] ?? 0;
  const v4At = (i: number) => [g[i]! >> 8, g[i]! & 255, g[i + 1]! >> 8, g[i + 1]! & 255].join(".");
  return (
    // An IPv4 address inside (::/80: unspecified, loopback, mapped '::ffff:7f00:1', compatible; NAT64) may reach
    // any host of the network: none is a push service. 6to4 carries one too: its IPv4 is checked.
    g.slice(0, 5).every((x) => x === 0) ||
    (g0 === 0x64 && g[1] === 0xff9b) ||
    (g0 === 0x2002 && v4Private(v4At(1))) ||
    (g0 & 0xfe00) === 0xfc00 || // unique-local fc00::/7
    (g0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g0 & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated, still private)
    (g0 & 0xff00) === 0xff00 // multicast
  );
}

/** An address of this machine or network (a resolved one, IPv4 or IPv6): no push service is there. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family === 4 ? v4Private(address) : family === 6 ? v6Private(address) : true;
}

/** A host no public push service has: a private or loopback address, or a name that means this machine or network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const family = isIP(host);
  if (family === 4) return v4Private(host);
  if (family === 6) return v6Private(host);
  return (
    !host.includes(".") || host === "localhost" || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)
  );
}

/** Refuses an endpoint the server must not post to (unless `testEndpoints` lets the local fake through). */
export function checkEndpoint(endpoint: string, testEndpoints: boolean): void {
  if (testEndpoints) return;
  const url = new URL(endpoint);
  if (url.protocol !== "https:") throw badRequest(pushMessages.endpointNotHttps);
  if (isPrivateHost(url.hostname)) throw badRequest(pushMessages.endpointPrivate);
}
