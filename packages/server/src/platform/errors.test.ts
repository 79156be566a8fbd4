// Bad input of every kind gets a JSON error with a 4xx status, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, errorOf, type TestApp } from "../../test/helpers";
import { BODY_LIMIT_BYTES, buildApp } from "../app";
import { AppError, toAppError } from "./errors";
import { route } from "./route";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: string, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    headers: { "content-type": contentType },
    payload,
  });

describe("error responses", () => {
  it("answers an unknown /api route with a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/no-such-thing" });
      expect(response.headers["content-type"]).toContain("application/json");
      expect(errorOf(response)).toEqual({ status: 404, code: "NOT_FOUND", message: "Not found" });
    }
  });

  it("answers a body that is not JSON with 400", async () => {
    expect(errorOf(await post("{not json"))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "Request body is not valid JSON",
    });
  });

  it("refuses prototype poisoning in a body", async () => {
    const response = await post('{"email":"a@b.co","password":"x","__proto__":{"admin":true}}');
    expect(errorOf(response).status).toBe(400);
  });

  it("answers a body that is JSON but not an object with a validation error", async () => {
    for (const payload of ["[]", '"text"', "42", "null"]) {
      expect(errorOf(await post(payload))).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    }
  });

  it("answers another content type with 415", async () => {
    expect(errorOf(await post("email=a", "application/x-www-form-urlencoded"))).toEqual({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Unsupported content type: send application/json",
    });
    expect(errorOf(await post("hello", "text/plain")).status).toBe(415);
  });

  it("answers a body over the limit with 413", async () => {
    const payload = JSON.stringify({ email: "a@b.co", password: "x".repeat(BODY_LIMIT_BYTES) });
    expect(errorOf(await post(payload))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "Request body is too large",
    });
  });
});

describe("AppError's stack", () => {
  // A refusal the client caused is answered and forgotten: no stack to capture. A bug keeps its stack.
  it("is left out of a 4xx and kept for a 5xx", () => {
    expect(new AppError(401, "NOT_AUTHENTICATED", "Not authenticated").stack).toBe(
      "AppError: Not authenticated",
    );
    expect(new AppError(500, "INTERNAL", "Something went wrong").stack).toMatch(/\n\s+at /);
    // Only that error's: the next one anywhere still gets its stack.
    expect(new Error("later").stack).toMatch(/\n\s+at /);
  });
});

describe("the route helper", () => {
  it("turns thrown AppErrors into their status and body, and other errors into a generic 500", async () => {
    // A second app on the same database: routes cannot be added to one that is already serving.
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    const spec = (path: string) =>
      ({
        method: "POST",
        path,
        summary: "probe",
        auth: "none",
        params: z.object({ id: z.uuid("Not a valid id") }),
        query: z.object({ n: z.coerce.number().int().min(1, "n must be positive").optional() }),
        body: z.object({ word: z.string().optional() }),
        response: z.object({ ok: z.boolean() }),
      }) as const;
    route(app, spec("/api/probe/conflict/:id"), async () => {
      throw new AppError(409, "CONFLICT", "Already done");
    });
    route(app, spec("/api/probe/crash/:id"), async () => {
      throw new Error("secret internals");
    });
    route(app, spec("/api/probe/echo/:id"), async ({ params, query }) => ({
      ok: params.id.length > 0 && query.n !== 0,
    }));
    route(app, { ...spec("/api/probe/admin"), params: undefined, auth: "admin" }, async () => ({ ok: true }));
    const id = "00000000-0000-4000-8000-000000000000";

    expect(errorOf(await app.inject({ method: "POST", url: `/api/probe/conflict/${id}` }))).toEqual({
      status: 409,
      code: "CONFLICT",
      message: "Already done",
    });
    const crash = await app.inject({ method: "POST", url: `/api/probe/crash/${id}` });
    expect(errorOf(crash)).toEqual({
      status: 500,
      code: "INTERNAL",
      message: "Something went wrong on our side",
    });
    expect(crash.body).not.toContain("secret internals");

    expect(errorOf(await app.inject({ method: "POST", url: "/api/probe/echo/not-a-uuid" }))).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Not a valid id",
      fields: { id: "Not a valid id" },
    });
    expect(errorOf(await app.inject({ method: "POST", url: `/api/probe/echo/${id}?n=0` }))).toMatchObject({
      status: 400,
      message: "n must be positive",
    });
    expect((await app.inject({ method: "POST", url: `/api/probe/echo/${id}?n=2` })).json()).toEqual({
      ok: true,
    });

    expect(errorOf(await app.inject({ method: "POST", url: "/api/probe/admin" }))).toMatchObject({
      status: 401,
      message: "Not authenticated",
    });
    await app.close();
  });
});

describe("database refusals", () => {
  const withCode = (code: string) =>
    new Error("query failed", { cause: Object.assign(new Error("pg"), { code }) });

  it("answers foreign-key and restrict violations with 409 naming the foreign key", () => {
    for (const code of ["23503", "23001"]) {
      const error = toAppError(withCode(code));
      expect(error?.status).toBe(409);
      expect(error?.message).toContain("foreign key");
    }
  });

  it("answers malformed values with 400 and broken rules with 409", () => {
    expect(toAppError(withCode("22P02"))?.status).toBe(400);
    expect(toAppError(withCode("23514"))?.status).toBe(409);
    expect(toAppError(withCode("23505"))?.status).toBe(409);
  });
});
