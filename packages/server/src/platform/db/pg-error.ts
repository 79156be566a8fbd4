// Reads the PostgreSQL error behind a failed query (Drizzle wraps driver errors in a `cause` chain).
export type PgError = { code: string; constraint?: string; message: string };

/** The code of primary.ts's NotPrimaryError: no listed host is a writable primary now. */
export const NOT_PRIMARY = "ENOTPRIMARY";

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function pgErrorOf(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && SQLSTATE.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
        message: String(candidate.message ?? ""),
      };
    }
    current = candidate.cause;
  }
  return null;
}

export const pgCodes = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  /** Deleting a row that a RESTRICT foreign key still points to. */
  restrictViolation: "23001",
  checkViolation: "23514",
  notNullViolation: "23502",
  invalidTextRepresentation: "22P02",
  numericOutOfRange: "22003",
  /** A NUL byte in text: PostgreSQL text cannot hold U+0000. */
  characterNotInRepertoire: "22021",
  untranslatableCharacter: "22P05",
} as const;

/** True when `error` is a unique violation, optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === pgCodes.uniqueViolation && (!constraint || pgError.constraint === constraint);
}

/**
 * SQLSTATE classes and codes that mean "the database is unreachable or going away", not "your input is wrong":
 * 08 connection exception, 57P01-03 shutdown / cannot connect now, 53300 too many connections, 25006 a write on
 * a server that takes none (a primary demoted under an open connection): refused whole, nothing written.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|25006)$/;
/** The transaction lost a race the database broke (deadlock, serialization): nothing was written, retry. */
const TRANSIENT_SQLSTATE = /^(40P01|40001)$/;
/** Node socket errors on the way to the database. */
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTCONN",
  NOT_PRIMARY,
]);
/** node-postgres and its pool say these without a code. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * True when `error` (or a cause it wraps) says the database connection failed, or the transaction was rolled
 * back by a deadlock or serialization failure: nothing was written, and a retry a moment later may succeed.
 */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string") {
      const { code } = candidate;
      if (UNAVAILABLE_SQLSTATE.test(code) || TRANSIENT_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)) {
        return true;
      }
    }
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

type JobLog = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/**
 * How a background job (the image top-up, the economy audit) reports a failed pass: a warning while the database
 * is unreachable or failing over, which the next pass survives and the readiness check already shows; an error
 * for anything else. At error level every failover paged the operator once per job and process.
 */
export function logJobFailure(log: JobLog, error: unknown, message: string): void {
  if (isConnectionError(error)) log.warn({ err: error }, `${message}: the database is unavailable`);
  else log.error({ err: error }, message);
}
