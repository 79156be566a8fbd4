import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, repoRoot, unknownSettings } from "./config";

describe("loadConfig", () => {
  it("defaults: port 3000, data and the web build found from the repository root, not the cwd", () => {
    const config = loadConfig({}, false);
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: null,
      liveBusUrl: null,
      adminEmails: [],
      ads: "on",
      starterMusic: "on",
      cookieSecure: "auto",
      trustProxy: false,
      rateLimit: { authMax: 10, authWindowMs: 60_000 },
      playerLimits: { requests: 300, windowMs: 60_000, concurrent: 4, concurrentReads: 1 },
      passwordHashing: { workers: 2, queue: 16, niceness: 10, strangerShare: 50 },
      logFormat: "json",
      logLevel: "info",
    });
    expect(config.dataDir).toBe(path.join(repoRoot, "data"));
    expect(config.webDist).toBe(path.join(repoRoot, "packages/web/dist"));
    expect(path.join(repoRoot, "packages/server/src/platform/config.ts")).toBe(
      path.join(import.meta.dirname, "config.ts"),
    );
  });

  it("reads the environment", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/srv/arena",
      DATABASE_URL: "postgres://db/arena",
      LIVE_BUS_URL: "redis://:secret@cache.internal:6380/2",
      ADMIN_EMAILS: " Boss@Arena.io, second@arena.io ,",
      ADS: "off",
      STARTER_MUSIC: "false",
      COOKIE_SECURE: "on",
      TRUST_PROXY: "on",
      RATE_LIMIT_AUTH_MAX: "3",
      RATE_LIMIT_AUTH_WINDOW_MS: "1000",
      RATE_LIMIT_PLAYER_MAX: "50",
      RATE_LIMIT_PLAYER_WINDOW_MS: "2000",
      RATE_LIMIT_PLAYER_CONCURRENCY: "2",
      RATE_LIMIT_PLAYER_READ_CONCURRENCY: "3",
      PASSWORD_HASH_WORKERS: "1",
      PASSWORD_HASH_QUEUE: "4",
      PASSWORD_HASH_NICE: "0",
      PASSWORD_HASH_STRANGER_SHARE: "100",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/arena",
      databaseUrl: "postgres://db/arena",
      liveBusUrl: "redis://:secret@cache.internal:6380/2",
      adminEmails: ["boss@arena.io", "second@arena.io"],
      ads: "off",
      starterMusic: "off",
      cookieSecure: "always",
      trustProxy: true,
      rateLimit: { authMax: 3, authWindowMs: 1000 },
      playerLimits: { requests: 50, windowMs: 2000, concurrent: 2, concurrentReads: 3 },
      passwordHashing: { workers: 1, queue: 4, niceness: 0, strangerShare: 100 },
    });
  });

  it("lets a player's reads run one at a time on PGlite, as many as their requests on PostgreSQL", () => {
    expect(loadConfig({}).playerLimits.concurrentReads).toBe(1);
    const postgres = { DATABASE_URL: "postgres://db/arena", RATE_LIMIT_PLAYER_CONCURRENCY: "6" };
    expect(loadConfig(postgres).playerLimits.concurrentReads).toBe(6);
  });

  it("refuses values it cannot understand", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADS: "maybe" })).toThrow(ConfigError);
    expect(() => loadConfig({ COOKIE_SECURE: "sometimes" })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_BUS_URL: "localhost:6379" })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_BUS_URL: "nats://127.0.0.1:4222" })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_BUS_URL: "redis://127.0.0.1:6379/cache" })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_WORKERS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: "0" })).toThrow(ConfigError);
  });

  it("cash-outs: record-only unless told, ZBD only with its key, the house rules from the spec's issue", () => {
    expect(loadConfig({}).cashout).toMatchObject({
      provider: "record-only",
      zbd: null,
      msatsPerCoin: 1000n,
      rules: { minAccountDays: 7, minBattles: 20, dailyMax: 500, autoMax: 500 },
      linkWindowDays: 30,
      walletLowCoins: 5000,
    });
    expect(
      loadConfig({ CASHOUT_PROVIDER: "ZBD", ZBD_API_KEY: " key ", CASHOUT_MSATS_PER_COIN: "2500" }).cashout,
    ).toMatchObject({
      provider: "zbd",
      zbd: { apiKey: "key", apiUrl: "https://api.zebedee.io", timeoutMs: 10_000 },
      msatsPerCoin: 2500n,
    });
    expect(() => loadConfig({ CASHOUT_PROVIDER: "zbd" })).toThrow("CASHOUT_PROVIDER=zbd needs ZBD_API_KEY");
    expect(() => loadConfig({ CASHOUT_PROVIDER: "paypal" })).toThrow(
      'CASHOUT_PROVIDER must be record-only or zbd (got "paypal")',
    );
    expect(() => loadConfig({ CASHOUT_PROVIDER: "zbd", ZBD_API_KEY: "k", ZBD_API_URL: "not a url" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CASHOUT_DAILY_MAX: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ CASHOUT_MSATS_PER_COIN: "1.5" })).toThrow(ConfigError);
  });

  it("Web Push: a VAPID pair set together and well formed, a mailto: or https: subject, a delay of 60 s", () => {
    expect(loadConfig({}).push).toEqual({
      vapid: null,
      subject: null,
      delaySeconds: 60,
      testEndpoints: false,
    });
    const publicKey = Buffer.alloc(65, 4).toString("base64url");
    const privateKey = Buffer.alloc(32, 7).toString("base64url");
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: "mailto:ops@arena.test",
        PUSH_DELAY_SECONDS: "5",
        PUSH_TEST_ENDPOINTS: "on",
      }).push,
    ).toEqual({
      vapid: { publicKey, privateKey },
      subject: "mailto:ops@arena.test",
      delaySeconds: 5,
      testEndpoints: true,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey })).toThrow(
      "must be a P-256 key pair in base64url",
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "ops@arena.test" })).toThrow(
      "VAPID_SUBJECT must be a mailto: or https:// address",
    );
    expect(() => loadConfig({ PUSH_DELAY_SECONDS: "-1" })).toThrow(ConfigError);
  });

  it("a metrics token is long enough to be no guess", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: " abcdefghijklmnop " }).metricsToken).toBe("abcdefghijklmnop");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: "sixteen chars ok" })).toThrow(ConfigError);
  });

  it("migrates at start unless MIGRATE_ON_START=off", () => {
    expect(loadConfig({}).migrateOnStart).toBe("on");
    expect(loadConfig({ MIGRATE_ON_START: "off" }).migrateOnStart).toBe("off");
    expect(() => loadConfig({ MIGRATE_ON_START: "later" })).toThrow(
      'MIGRATE_ON_START must be on or off (got "later")',
    );
  });

  it("a PvP season lasts 28 days unless PVP_SEASON_DAYS says, from 1 to 365", () => {
    expect(loadConfig({}).pvp.seasonDays).toBe(28);
    expect(loadConfig({ PVP_SEASON_DAYS: "7" }).pvp.seasonDays).toBe(7);
    expect(() => loadConfig({ PVP_SEASON_DAYS: "0" })).toThrow(
      'PVP_SEASON_DAYS must be an integer from 1 to 365 (got "0")',
    );
  });

  it("tells every problem at once, each with its variable, its value and what is allowed", () => {
    let message = "";
    try {
      loadConfig({ PORT: "abc", LOCK_ORDER: "strcit", ADS: "maybe", CASHOUT_DAILY_MAX: "-5" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      'PORT must be an integer from 0 to 65535 (got "abc")',
      'ADS must be on or off (got "maybe")',
      'LOCK_ORDER must be strict or warn (got "strcit")',
      'CASHOUT_DAILY_MAX must be an integer >= 1 (got "-5")',
    ]);
    expect(() => loadConfig({ PORT: "99999" })).toThrow(
      'PORT must be an integer from 0 to 65535 (got "99999")',
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://db/arena" })).toThrow(
      "DATABASE_URL must be a postgres:// or postgresql:// address",
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://user:secret@db/arena" })).not.toThrow(/secret/);
  });

  it("names a variable that looks like ours but is not read, with what it probably meant", () => {
    expect(
      unknownSettings({
        DATABSE_URL: "postgres://db/arena",
        CASHOUT_MAX: "9",
        PATH: "/bin",
        LANG: "C",
        PORT: "1",
      }),
    ).toEqual([
      "DATABSE_URL is not a setting: did you mean DATABASE_URL?",
      "CASHOUT_MAX is not a setting of this server (README, Configuration)",
    ]);
    // Read only with the bucket or the ZBD provider on, yet settings all the same.
    expect(unknownSettings({ AWS_REGION: "eu-west-1", ZBD_TIMEOUT_MS: "500" })).toEqual([]);
    // Other tools' variables are theirs.
    expect(unknownSettings({ AWS_CA_BUNDLE: "/etc/ssl/ca.pem", TEST_LIVE_BUS_URL: "redis://x" })).toEqual([]);
  });
});

describe("secrets from files (*_FILE)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bot-arena-config-secrets-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const secret = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it("reads each secret setting from its file, without the line break an editor leaves at the end", () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secret("database-url", "postgres://arena:s3cret@db/arena\n"),
      LIVE_BUS_URL_FILE: secret("bus", "redis://:pw@cache:6379/1\r\n"),
      METRICS_TOKEN_FILE: secret("metrics", "abcdefghijklmnopqrstuvwxyz"),
      CASHOUT_PROVIDER: "zbd",
      ZBD_API_KEY_FILE: secret("zbd", "zbd-key\n\n"),
      MEDIA_S3_URL_FILE: secret("s3", "s3://pictures?endpoint=http://127.0.0.1:9000\n"),
      AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
      AWS_SECRET_ACCESS_KEY_FILE: secret("aws", "aws-secret\n"),
    });
    expect(config.databaseUrl).toBe("postgres://arena:s3cret@db/arena");
    expect(config.liveBusUrl).toBe("redis://:pw@cache:6379/1");
    expect(config.metricsToken).toBe("abcdefghijklmnopqrstuvwxyz");
    expect(config.cashout.zbd?.apiKey).toBe("zbd-key");
    expect(config.mediaS3).toMatchObject({ bucket: "pictures", secretAccessKey: "aws-secret" });
    // PostgreSQL's defaults follow the URL however it was given.
    expect(config.playerLimits.concurrentReads).toBe(4);
  });

  it("refuses a setting given both ways, and a file it cannot read, naming each", () => {
    const both = () =>
      loadConfig({
        DATABASE_URL: "postgres://db/arena",
        DATABASE_URL_FILE: secret("db2", "postgres://db/other"),
      });
    expect(both).toThrow("DATABASE_URL and DATABASE_URL_FILE are both set: set one of them");
    const missing = path.join(dir, "no-such-file");
    expect(() => loadConfig({ ZBD_API_KEY_FILE: missing, METRICS_TOKEN: "short" })).toThrow(
      `ZBD_API_KEY_FILE names a file that cannot be read: ${missing} (ENOENT)\nMETRICS_TOKEN must be`,
    );
  });

  it("checks a value from a file as it checks one from the environment", () => {
    expect(() => loadConfig({ DATABASE_URL_FILE: secret("db3", "mysql://db/arena\n") })).toThrow(
      "DATABASE_URL must be a postgres:// or postgresql:// address",
    );
  });

  it("counts the _FILE names as settings, so none is taken for a typo", () => {
    expect(
      unknownSettings({ DATABASE_URL_FILE: "/run/secrets/db", ZBD_API_KEY_FILE: "/run/secrets/zbd" }),
    ).toEqual([]);
  });
});
