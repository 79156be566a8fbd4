// Where the server may send a push: a subscription's endpoint is the browser's word, so it could name any host.
// Only https to a public name or address is kept, never a loopback, private or link-local host, so a player
// cannot make the server post into its own network. PUSH_TEST_ENDPOINTS=on (tests) lets the local fake in.
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

function v6Private(address: string): boolean {
  const a = address.toLowerCase();
  // An IPv4 address inside (mapped, compatible or NAT64: the URL parser writes it as hex, '::ffff:7f00:1') may
  // reach any host of the network: none is a push service.
  return (
    a.startsWith("::") ||
    a.startsWith("64:ff9b:") ||
    /^f[cd]/.test(a) ||
    /^fe[89ab]/.test(a) ||
    a.startsWith("ff")
  );
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
