import { authMessages } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { serverFieldErrors, validateAuth } from "./validate";

const blank = { username: "", email: "", password: "" };

describe("validateAuth", () => {
  it("asks for every sign-up field with the server's words, username first", () => {
    const check = validateAuth("sign-up", blank);
    expect(check).toEqual({
      ok: false,
      fields: {
        username: authMessages.usernameRequired,
        email: authMessages.emailRequired,
        password: authMessages.passwordRequired,
      },
      first: authMessages.usernameRequired,
    });
  });

  it("rejects a malformed email and a short password", () => {
    const check = validateAuth("sign-up", { username: "Ace", email: "ace@", password: "12345" });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.fields).toEqual({
      email: authMessages.emailInvalid,
      password: authMessages.passwordTooShort,
    });
    expect(check.first).toBe(authMessages.emailInvalid);
  });

  it("ignores the username when signing in", () => {
    const check = validateAuth("sign-in", { username: "", email: " ace@example.com ", password: "x" });
    expect(check).toEqual({ ok: true, mode: "sign-in", body: { email: "ace@example.com", password: "x" } });
  });
});

describe("serverFieldErrors", () => {
  it("keeps the fields the form has and drops the rest", () => {
    expect(serverFieldErrors({ email: authMessages.emailTaken, "body.other": "x" })).toEqual({
      email: authMessages.emailTaken,
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
