// MEDIA_S3_URL: which S3-compatible bucket holds the media, and how to sign for it.
//
//   s3://[ACCESS_KEY_ID:SECRET@]bucket[/prefix/]?endpoint=http://host:9000&region=us-east-1
//
// - bucket: the bucket's name; prefix: an optional folder inside it every key goes under.
// - endpoint: the S3-compatible server's address (MinIO, Garage, Ceph, R2, ...), addressed path-style
//   (endpoint/bucket/key). Without it: Amazon S3 itself, virtual-hosted style (bucket.s3.region.amazonaws.com).
// - region: signs the requests; else AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1.
// - credentials: in the URL (percent-encoded), else AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with
//   AWS_SESSION_TOKEN for temporary ones), as every AWS tool reads them.

type Env = Record<string, string | undefined>;

export type S3Location = {
  /** Every object's URL is this plus its key: ends with "/". */
  base: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | null;
};

export class S3LocationError extends Error {}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^([A-Za-z0-9._-]+\/)*$/;
const REGION = /^[a-z0-9-]{2,32}$/;
const OPTIONS = new Set(["endpoint", "region"]);

const refuse = (why: string) => new S3LocationError(`MEDIA_S3_URL ${why}`);

export function parseS3Location(raw: string, env: Env): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("is not a URL: expected s3://bucket?endpoint=http://host:9000");
  }
  if (url.protocol !== "s3:") throw refuse("must start with s3://");
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw refuse(`names no valid bucket ("${bucket}")`);
  const path = decodeURIComponent(url.pathname.replace(/^\/+/, ""));
  const prefix = path === "" || path.endsWith("/") ? path : `${path}/`;
  if (!PREFIX.test(prefix)) throw refuse(`has a prefix with characters a key cannot hold ("${path}")`);
  for (const name of url.searchParams.keys()) {
    if (!OPTIONS.has(name)) throw refuse(`has an unknown option "${name}" (known: endpoint, region)`);
  }

  const region = url.searchParams.get("region") || env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1";
  if (!REGION.test(region)) throw refuse(`has an invalid region "${region}"`);

  const endpoint = url.searchParams.get("endpoint");
  let base: string;
  if (endpoint) {
    let parsed: URL;
    try {
      parsed = new URL(endpoint);
    } catch {
      throw refuse(`has an endpoint that is not a URL ("${endpoint}")`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw refuse("has an endpoint that is not http:// or https://");
    }
    base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}/${bucket}/${prefix}`;
  } else {
    base = `https://${bucket}.s3.${region}.amazonaws.com/${prefix}`;
  }

  const inUrl = url.username !== "" || url.password !== "";
  const accessKeyId = inUrl ? decodeURIComponent(url.username) : (env.AWS_ACCESS_KEY_ID ?? "");
  const secretAccessKey = inUrl ? decodeURIComponent(url.password) : (env.AWS_SECRET_ACCESS_KEY ?? "");
  if (!accessKeyId || !secretAccessKey) {
    throw refuse(
      inUrl
        ? "has a user but no secret: write s3://ACCESS_KEY_ID:SECRET@bucket"
        : "has no credentials: write s3://ACCESS_KEY_ID:SECRET@bucket or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY",
    );
  }
  const sessionToken = inUrl ? null : env.AWS_SESSION_TOKEN || null;
  return { base, bucket, region, accessKeyId, secretAccessKey, sessionToken };
}

/** Where the media are, for the start banner and logs: no credentials. */
export function describeS3Location(location: S3Location): string {
  return location.base.replace(/\/$/, "");
}
