import { routes } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok, and that the clock is the real one (no TEST_CLOCK)", async () => {
    expect((await t.app.inject("/api/health")).json()).toEqual({
      ok: true,
      testClock: false,
      testClockOffsetMs: null,
    });
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every route of the contract with its method, auth and schemas", async () => {
    const document = (await t.app.inject("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    for (const [operationId, spec] of Object.entries(routes)) {
      const path = spec.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = document.paths[path]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.path}`).toBeDefined();
      expect(operation.operationId).toBe(operationId);
      expect(operation.responses["2XX"].content["application/json"].schema).toBeTypeOf("object");
      if (spec.auth !== "none") expect(operation.security).toEqual([{ session: [] }]);
      if ("body" in spec && spec.body) {
        expect(operation.requestBody.content["application/json"].schema).toBeTypeOf("object");
      }
    }
    const signUp = document.paths["/api/auth/sign-up"].post.requestBody.content["application/json"].schema;
    expect(signUp.required).toEqual(["username", "email", "password"]);
  });
});
