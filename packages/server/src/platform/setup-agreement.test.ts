import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from "../../test/helpers";
import { parseS3Location } from "./media/s3-location";
import { createSetupAgreement, setupOf } from "./setup-agreement";

describe("what a process says it uses", () => {
  it("names the bucket and the Redis without their secrets, or the database and NOTIFY", () => {
    const s3 = parseS3Location("s3://arena-media?endpoint=http://127.0.0.1:9000", {
      AWS_ACCESS_KEY_ID: "key",
      AWS_SECRET_ACCESS_KEY: "very-secret",
    });
    expect(setupOf({ mediaS3: s3, liveBusUrl: "redis://:hunter2@10.0.0.7:6379/2" })).toEqual({
      media: "s3 http://127.0.0.1:9000/arena-media",
      bus: "redis 10.0.0.7:6379/2",
    });
    expect(setupOf({ mediaS3: null, liveBusUrl: null })).toEqual({ media: "database", bus: "postgres" });
  });
});

describe("processes on one database", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());
  const agreement = (media: string, bus: string, place: string) =>
    createSetupAgreement({
      db: test.database.db,
      self: { media, bus },
      place: () => place,
      onError: (error) => {
        throw error;
      },
    });

  it("each names every other one seen lately that uses another media store or bus, and forgets one that stopped", async () => {
    const a = agreement("database", "postgres", "127.0.0.1:3001, pid 11");
    const b = agreement("database", "postgres", "127.0.0.1:3002, pid 12");
    const bucket = agreement("s3 http://127.0.0.1:9000/media", "postgres", "127.0.0.1:3003, pid 13");
    const redis = agreement("database", "redis 127.0.0.1:6379/0", "127.0.0.1:3004, pid 14");
    await a.start();
    await b.start();
    expect(await a.disagreements()).toEqual([]);
    await bucket.start();
    await redis.start();
    const reasons = await a.disagreements();
    expect(reasons).toHaveLength(2);
    expect(reasons).toContainEqual(
      expect.stringMatching(
        /^another process on this database \(127\.0\.0\.1:3003, pid 13, seen \d+ s ago\) keeps media in "s3 http:\/\/127\.0\.0\.1:9000\/media", this one in "database": every process must use the same$/,
      ),
    );
    expect(reasons).toContainEqual(
      expect.stringContaining(
        '(127.0.0.1:3004, pid 14, seen 0 s ago) is on the live bus "redis 127.0.0.1:6379/0", this one on "postgres"',
      ),
    );
    // The bucket process sees the three others as disagreeing with it.
    expect(await bucket.disagreements()).toHaveLength(3);
    await bucket.stop();
    await redis.stop();
    expect(await a.disagreements()).toEqual([]);
    await a.stop();
    await b.stop();
  });
});

describe("readiness", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is 503 with the reason while another process on the database keeps media elsewhere, 200 once it stopped", async () => {
    const other = createSetupAgreement({
      db: t.db,
      self: { media: "s3 http://127.0.0.1:9000/media", bus: "postgres" },
      place: () => "127.0.0.1:3009, pid 99",
      onError: () => {},
    });
    await other.start();
    const refused = await t.app.inject("/api/health/ready");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      ready: false,
      checks: { database: true, bus: true, media: true, setup: false },
      reasons: [
        expect.stringContaining('keeps media in "s3 http://127.0.0.1:9000/media", this one in "database"'),
      ],
    });
    await other.stop();
    const ready = await t.app.inject("/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.setup).toBe(true);
  });
});
