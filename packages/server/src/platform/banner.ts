// What `npm start` prints once it listens. Its first line, "Bot Arena running at <address>", is what the
// process tests and the journeys' servers wait for, in both formats. On a terminal (the readable log format)
// a few lines follow for the person who started it: where the data and the media are, how to become admin, what
// the log shows.
import path from "node:path";
import type { Config } from "./config";
import { databaseHosts } from "./db/primary";
import { describeS3Location } from "./media/s3-location";

export function startBanner(
  config: Pick<
    Config,
    "databaseUrl" | "dataDir" | "mediaS3" | "adminEmails" | "logFormat" | "logLevel" | "cashout"
  >,
  port: number,
): string {
  const first = `Bot Arena running at http://localhost:${port}`;
  if (config.logFormat === "json") return first;
  const database = config.databaseUrl
    ? `PostgreSQL ${describeDatabaseUrl(config.databaseUrl)}`
    : `PGlite (embedded) in ${path.join(config.dataDir, "pglite")}`;
  const media = config.mediaS3
    ? `S3 bucket at ${describeS3Location(config.mediaS3)} (MEDIA_S3_URL)`
    : "in the database (bot images, music, uploads)";
  const admin =
    config.adminEmails.length > 0
      ? `${config.adminEmails.join(", ")} (ADMIN_EMAILS) become admin at sign-up or sign-in`
      : "npm run admin -- grant you@example.com (or ADMIN_EMAILS=you@example.com at start)";
  const payouts = config.cashout.zbd
    ? `ZBD at ${describeDatabaseUrl(config.cashout.zbd.apiUrl).replace(/^at /, "")} pays gamertags (CASHOUT_PROVIDER=zbd), 1 coin = ${config.cashout.msatsPerCoin} msats`
    : "record-only: admins pay each request and mark it paid (CASHOUT_PROVIDER=zbd pays ZBD gamertags)";
  const log =
    config.logLevel === "warn"
      ? "warnings and errors below; LOG_LEVEL=info or debug for more, LOG_FORMAT=json for JSON lines"
      : `LOG_LEVEL=${config.logLevel} below; LOG_FORMAT=json for JSON lines`;
  return [
    first,
    `  database  ${database}`,
    `  media     ${media}`,
    `  admin     ${admin}`,
    `  payouts   ${payouts}`,
    `  log       ${log}`,
    "  stop      Ctrl+C",
  ].join("\n");
}

/** host:port/name of a postgres:// address, without its user or password. */
export function describeDatabaseUrl(url: string): string {
  const one = (single: string) => {
    const parsed = new URL(single);
    return { host: parsed.host || "localhost", path: parsed.pathname };
  };
  try {
    const hosts = databaseHosts(url).map(one);
    const where = `${hosts.map((h) => h.host).join(", ")}${hosts[0]!.path}`;
    return hosts.length > 1 ? `at ${where} (the writable primary of ${hosts.length} hosts)` : `at ${where}`;
  } catch {
    return "at DATABASE_URL";
  }
}
