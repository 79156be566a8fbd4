// Media in an S3-compatible bucket (MEDIA_S3_URL, s3-location.ts). Four calls are all it takes (HEAD, GET with
// a Range, PUT, DELETE), each a plain fetch signed with AWS Signature Version 4 by aws4fetch, which is imported
// only here and only when MEDIA_S3_URL is set. A large object streams from the bucket to the player a part at a
// time, as the bucket sends it.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { S3Location } from "./s3-location";
import type { MediaBackend } from "./store";

type Signed = (url: string, init?: RequestInit) => Promise<Response>;

/** A bucket's XML error, short and on one line for the log. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").slice(0, 300);

async function failure(response: Response, what: string): Promise<Error> {
  const detail = oneLine(await response.text().catch(() => ""));
  return new Error(`S3 ${what}: ${response.status} ${response.statusText} ${detail}`.trim());
}

/** Opens the bucket's client and checks that it answers a missing key as it should (checkBucket). */
export async function s3Backend(location: S3Location): Promise<MediaBackend> {
  const { AwsClient } = await import("aws4fetch");
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    ...(location.sessionToken ? { sessionToken: location.sessionToken } : {}),
    service: "s3",
    region: location.region,
    // A bucket's 5xx or 503 SlowDown is tried again twice (aws4fetch backs off with jitter), then it fails.
    retries: 2,
  });
  const signed: Signed = (url, init) => client.fetch(url, init);
  const urlOf = (key: string) => `${location.base}${key}`;

  const backend: MediaBackend = {
    kind: "s3",

    async stat(key, bytesUpTo) {
      const head = await signed(urlOf(key), { method: "HEAD" });
      if (head.status === 404) return null;
      if (!head.ok) throw await failure(head, `HEAD ${key}`);
      const size = Number(head.headers.get("content-length"));
      const modified = new Date(head.headers.get("last-modified") ?? 0);
      if (size > bytesUpTo) return { size, modified, bytes: null };
      const got = await signed(urlOf(key));
      if (got.status === 404) return null;
      if (!got.ok) throw await failure(got, `GET ${key}`);
      const bytes = new Uint8Array(await got.arrayBuffer());
      return { size: bytes.length, modified, bytes };
    },

    read(key, start, end) {
      return Readable.from(readRange(signed, urlOf(key), key, start, end));
    },

    async put(key, bytes, contentType) {
      const response = await signed(urlOf(key), {
        method: "PUT",
        body: bytes,
        headers: {
          "content-type": contentType,
          // The payload's hash is signed too, so the bucket refuses bytes that changed on the way.
          "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex"),
        },
      });
      if (!response.ok) throw await failure(response, `PUT ${key}`);
      await response.body?.cancel();
    },

    async remove(key) {
      const response = await signed(urlOf(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`);
      await response.body?.cancel();
    },
  };
  await checkBucket(signed, urlOf("bot-arena-check/absent.txt"));
  return backend;
}

/**
 * At start: a key that is never stored must answer 404 NoSuchKey. A 403 means wrong credentials or a policy
 * without s3:ListBucket (under which S3 answers every missing key with 403, so no picture could ever be found
 * missing and drawn), NoSuchBucket a wrong bucket or endpoint: better to refuse to start than to find out on
 * the first player's request.
 */
async function checkBucket(signed: Signed, absentUrl: string): Promise<void> {
  let answer: string;
  try {
    const response = await signed(absentUrl);
    const body = await response.text();
    if (response.status === 404 && body.includes("NoSuchKey")) return;
    answer = `${response.status} ${response.statusText} ${oneLine(body)}`.trim();
  } catch (error) {
    // fetch says "fetch failed"; its cause says why (ECONNREFUSED, ENOTFOUND, ...).
    const { message, cause } = error as Error & { cause?: Error };
    answer = cause?.message ? `${message}: ${cause.message}` : message;
  }
  throw new Error(
    `MEDIA_S3_URL: the bucket did not answer as expected (check the endpoint, the bucket, the credentials, and that they may s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket): ${answer}`,
  );
}

async function* readRange(
  signed: Signed,
  url: string,
  key: string,
  start: number,
  end: number,
): AsyncGenerator<Uint8Array> {
  const response = await signed(url, { headers: { range: `bytes=${start}-${end}` } });
  const whole = response.status === 200 && Number(response.headers.get("content-length")) === end - start + 1;
  if (response.status !== 206 && !whole) {
    await response.body?.cancel();
    throw new Error(`S3 GET ${key} bytes ${start}-${end}: ${response.status}`);
  }
  if (!response.body) return;
  // Leaving early (the player went away) cancels the bucket's response.
  yield* response.body as unknown as AsyncIterable<Uint8Array>;
}
