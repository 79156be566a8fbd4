import { fail, ok, refusalCodes } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { refusal, refuse } from "./refuse";

describe("refuse", () => {
  it("hands back an accepted value", () => {
    expect(refuse(ok(42))).toBe(42);
  });

  it.each([
    ["VALIDATION_FAILED", 400],
    ["FORBIDDEN", 403],
    ["NOT_FOUND", 404],
    ["CONFLICT", 409],
    ["NOT_ENOUGH_COINS", 409],
    ["NOT_ENOUGH_ENERGY", 409],
    ["LIMIT_REACHED", 409],
  ] as const)("answers %s with %i and the rule's own words", (code, status) => {
    const thrown = (() => {
      try {
        refuse(fail(code, "Rule text"));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status, code, message: "Rule text" });
  });

  it("has a status for every code the rules can refuse with", () => {
    for (const code of refusalCodes)
      expect(refusal({ ok: false, code, message: "x" }).status).toBeGreaterThan(399);
  });

  it("carries a refusal's detail line as a field", () => {
    const error = refusal({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Insufficient coins",
      detail: "Need 5",
    });
    expect(error.fields).toEqual({ detail: "Need 5" });
  });
});
