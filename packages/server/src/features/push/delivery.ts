// Posting one push request, with the address actually connected to checked. A subscription's host was checked
// when the browser subscribed, but a name may resolve to a public address then and to a private or loopback one
// later (DNS rebinding), so the check is made again on the addresses the socket is about to connect to: the
// request's own `lookup` refuses a name that resolves to any address of this machine or network. An IP literal
// skips the lookup, so its host is checked again here too. Under PUSH_TEST_ENDPOINTS=on (tests) neither applies:
// the local fake push service is on 127.0.0.1.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { checkEndpoint, isPrivateAddress } from "./endpoint";

/** The error a refused address gives: the request never connects. */
export const PRIVATE_ADDRESS = "EPUSHPRIVATEADDRESS";

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for a request: resolves as the system does (or as `resolve` does, in tests) and refuses the name
 * when any of its addresses is private, loopback, link-local, unique-local or an IPv4 inside IPv6.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) {
        const reason = new Error(
          `push: ${hostname} resolves to ${refused?.address ?? "nothing"}, not a public address`,
        ) as NodeJS.ErrnoException;
        reason.code = PRIVATE_ADDRESS;
        return callback(reason, "", 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

export type PushRequest = { endpoint: string; method: string; headers: Record<string, string>; body: Buffer };

/**
 * Posts the request and answers the push service's status. No redirect is followed (a push service never
 * redirects; following one would let an endpoint send the server elsewhere), and it gives up after `timeoutMs`.
 */
export async function deliver(
  push: PushRequest,
  options: { testEndpoints: boolean; timeoutMs: number; lookup?: LookupFunction },
): Promise<number> {
  checkEndpoint(push.endpoint, options.testEndpoints);
  const url = new URL(push.endpoint);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = send(
      url,
      {
        method: push.method,
        headers: { ...push.headers, "content-length": String(push.body.length) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.testEndpoints ? {} : { lookup: options.lookup ?? publicOnlyLookup() }),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(push.body);
  });
}
