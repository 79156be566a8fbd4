// A local push service for tests: it keeps each browser's keys (made here, as a browser makes them), decrypts
// what the server posts (RFC 8291's aes128gcm: the sender's public key and salt in the header, the content key
// and nonce derived with the browser's private key and auth secret), checks the VAPID signature (RFC 8292) and
// answers as a test asks: 201, or 404/410 for a subscription the browser dropped.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  /** The subscription's name (the endpoint's last path segment). */
  name: string;
  payload: Record<string, unknown>;
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
  ttl: string | undefined;
};

type Browser = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const info = (label: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(label), ...parts]);

function decrypt(browser: Browser, body: Buffer): Record<string, unknown> {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const browserKey = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(senderKey);
  // RFC 8291 section 3.4: IKM from the ECDH secret keyed by the auth secret, then RFC 8188's key and nonce.
  const ikm = Buffer.from(
    hkdfSync("sha256", shared, browser.auth, info("WebPush: info\0", browserKey, senderKey), 32),
  );
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, info("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8"));
}

/** Checks `vapid t=<jwt>, k=<key>`: the token is signed by the key's private half. Answers the key. */
function vapidKeyOf(request: IncomingMessage): string {
  const header = request.headers.authorization ?? "";
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`push fake: no VAPID authorization (${header})`);
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const [head, claims, signature] = token.split(".") as [string, string, string];
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("push fake: the VAPID signature does not verify");
  return key;
}

export async function startPushFake() {
  const browsers = new Map<string, Browser>();
  const statuses = new Map<string, number>();
  const received: Received[] = [];
  const failures: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent(request.url?.split("/").pop() ?? "");
      const browser = browsers.get(name);
      try {
        if (!browser) throw new Error(`push fake: unknown subscription ${name}`);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("push fake: not aes128gcm");
        const status = statuses.get(name) ?? 201;
        if (status === 201) {
          received.push({
            name,
            payload: decrypt(browser, Buffer.concat(chunks)),
            vapidKey: vapidKeyOf(request),
            ttl: request.headers.ttl as string | undefined,
          });
        }
        response.writeHead(status).end();
      } catch (error) {
        failures.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** What the fake could not read or check: a test expects none. */
    failures,
    /** A browser's subscription (PushSubscription.toJSON()) to this service, under a fresh name. */
    subscription(name: string) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(name, { ecdh, auth });
      return {
        endpoint: `${base}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    /** From now on answer `status` for this subscription (404 or 410: the browser dropped it). */
    answer(name: string, status: number) {
      statuses.set(name, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
