import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { describeS3Location, parseS3Location } from "./s3-location";

const keys = { AWS_ACCESS_KEY_ID: "AKID", AWS_SECRET_ACCESS_KEY: "secret/with+signs" };

describe("MEDIA_S3_URL", () => {
  it("reads an S3-compatible server's bucket, path-style, with the credentials from the environment", () => {
    const location = parseS3Location(
      "s3://arena-media?endpoint=http://127.0.0.1:9000&region=eu-west-3",
      keys,
    );
    expect(location).toEqual({
      base: "http://127.0.0.1:9000/arena-media/",
      bucket: "arena-media",
      region: "eu-west-3",
      accessKeyId: "AKID",
      secretAccessKey: "secret/with+signs",
      sessionToken: null,
    });
  });

  it("takes percent-encoded credentials and a prefix from the URL", () => {
    const location = parseS3Location(
      "s3://minio:s%3Acret%2F1@arena-media/prod/media?endpoint=https://s3.example.test/",
      { ...keys, AWS_SESSION_TOKEN: "not for URL credentials" },
    );
    expect(location).toMatchObject({
      base: "https://s3.example.test/arena-media/prod/media/",
      accessKeyId: "minio",
      secretAccessKey: "s:cret/1",
      sessionToken: null,
      region: "us-east-1",
    });
    expect(describeS3Location(location)).toBe("https://s3.example.test/arena-media/prod/media");
  });

  it("without an endpoint is Amazon S3, virtual-hosted, in AWS_REGION, with a session token when given", () => {
    const location = parseS3Location("s3://arena-media", {
      ...keys,
      AWS_REGION: "ap-south-1",
      AWS_SESSION_TOKEN: "token",
    });
    expect(location).toMatchObject({
      base: "https://arena-media.s3.ap-south-1.amazonaws.com/",
      region: "ap-south-1",
      sessionToken: "token",
    });
  });

  it.each([
    ["https://arena-media", keys, /must start with s3:\/\//],
    ["s3://A_Bucket?endpoint=http://h:9000", keys, /no valid bucket/],
    ["s3://arena-media?endpont=http://h:9000", keys, /unknown option "endpont"/],
    ["s3://arena-media?endpoint=ftp://h", keys, /not http:\/\/ or https:\/\//],
    ["s3://arena-media?endpoint=nowhere", keys, /endpoint that is not a URL/],
    ["s3://arena-media/a%20b", keys, /prefix with characters/],
    ["s3://arena-media?region=Mars%201", keys, /invalid region/],
    ["s3://arena-media", {}, /no credentials/],
    ["s3://only-user@arena-media", {}, /a user but no secret/],
  ])("refuses %s with a reason", (url, env, reason) => {
    expect(() => parseS3Location(url, env)).toThrow(reason);
  });

  it("is read by the configuration, which refuses a bad one at start and keeps none when unset", () => {
    expect(loadConfig({}).mediaS3).toBeNull();
    expect(loadConfig({ MEDIA_S3_URL: "s3://arena-media", ...keys }).mediaS3?.bucket).toBe("arena-media");
    expect(() => loadConfig({ MEDIA_S3_URL: "s3://arena-media" })).toThrow(/MEDIA_S3_URL has no credentials/);
  });
});
