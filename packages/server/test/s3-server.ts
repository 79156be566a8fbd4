// A real S3-compatible server for tests, on free ports of 127.0.0.1: s3rver (buckets, keys, ranges, NoSuchKey,
// NoSuchBucket, as S3 answers them) behind a front that checks each request's AWS Signature Version 4 against
// the secret, written here from AWS's description of it. s3rver itself checks only the access key id ("S3RVER",
// the one it knows) and computes no V4 signature, so without the front a wrong secret would pass.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** The access key id s3rver knows. */
export const S3_KEY_ID = "S3RVER";
export const S3_REGION = "us-east-1";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Whether the request carries a valid Signature Version 4 by `keyId` with `secret` for S3 in S3_REGION. */
export function signedBy(request: IncomingMessage, keyId: string, secret: string): boolean {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? "");
  if (!match) return false;
  const [, id, day, region, signedHeaders, signature] = match as unknown as string[];
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (id !== keyId || region !== S3_REGION || !amzDate.startsWith(day!)) return false;
  const [pathname = "/", query = ""] = (request.url ?? "/").split("?");
  const canonicalQuery = query.split("&").filter(Boolean).sort().join("&");
  const canonicalHeaders = signedHeaders!
    .split(";")
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "UNSIGNED-PAYLOAD");
  const canonicalRequest = [
    request.method,
    pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ];
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest.join("\n"))].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), "s3"), "aws4_request");
  return hmac(key, toSign).toString("hex") === signature;
}

export type TestS3 = {
  /** http://127.0.0.1:<port>, for MEDIA_S3_URL's endpoint. */
  endpoint: string;
  /** Requests the front refused for their signature. */
  refused(): number;
  close(): Promise<void>;
};

export async function startTestS3(options: { bucket: string; secret: string }): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "bot-arena-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  // Makes the bucket; requests reach s3rver through the front below, not through this port.
  await s3.run();
  const handle = s3.callback();
  let refused = 0;
  const front = createServer((request, response) => {
    if (signedBy(request, S3_KEY_ID, options.secret)) return void handle(request, response);
    refused += 1;
    response.writeHead(403, { "content-type": "application/xml" });
    response.end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    refused: () => refused,
    async close() {
      await new Promise((resolve) => front.close(resolve));
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
