// Reads the PostgreSQL error behind a failed query (Drizzle wraps driver errors in a `cause` chain).
export type PgError = { code: string; constraint?: string; message: string };

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
  checkViolation: "23514",
  notNullViolation: "23502",
  invalidTextRepresentation: "22P02",
  numericOutOfRange: "22003",
} as const;

/** True when `error` is a unique violation, optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === pgCodes.uniqueViolation && (!constraint || pgError.constraint === constraint);
}
