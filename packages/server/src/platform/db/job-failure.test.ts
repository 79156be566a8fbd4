// A background pass that fails while the database fails over is a warning (the next pass survives it and the
// readiness check shows it); anything else stays an error an operator is paged for.
import { describe, expect, it } from "vitest";
import { logJobFailure } from "./pg-error";
import { NotPrimaryError } from "./primary";

const recorder = () => {
  const lines: [string, string][] = [];
  return {
    lines,
    warn: (_: unknown, msg?: string) => void lines.push(["warn", msg ?? ""]),
    error: (_: unknown, msg?: string) => void lines.push(["error", msg ?? ""]),
  };
};

describe("a background job's failed pass", () => {
  it("is a warning when the database is unreachable, has no primary or refused the connection", () => {
    const log = recorder();
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { code: "ECONNREFUSED" });
    logJobFailure(log, new Error("Failed query", { cause: refused }), "image library top-up failed");
    logJobFailure(log, new NotPrimaryError("no primary"), "economy audit failed to run");
    expect(log.lines).toEqual([
      ["warn", "image library top-up failed: the database is unavailable"],
      ["warn", "economy audit failed to run: the database is unavailable"],
    ]);
  });

  it("is an error for anything else", () => {
    const log = recorder();
    logJobFailure(log, new TypeError("cannot read x of undefined"), "image library top-up failed");
    expect(log.lines).toEqual([["error", "image library top-up failed"]]);
  });
});
