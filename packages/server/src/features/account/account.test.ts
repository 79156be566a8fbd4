// The account page's routes: change password (each refusal's words; every other session ends) and sign out
// everywhere (every session, this one too, and their live sockets).
import type { AddressInfo } from "node:net";
import { accountMessages, authMessages } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPlayer,
  createTestApp,
  errorOf,
  type Player,
  sessionCookieOf,
  signUp,
  type TestApp,
} from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Another device of the same player: a second session. */
async function otherDevice(player: Player): Promise<Player> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email: player.email, password: player.password },
  });
  return asPlayer(t.app, sessionCookieOf(response)!, player.me, player.password);
}

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: "POST", url: "/api/auth/sign-in", payload: { email, password } })).statusCode;

describe("changing the password", () => {
  it("needs the current password; ends every other session and keeps this one", async () => {
    const player = await signUp(t.app);
    const phone = await otherDevice(player);
    const tablet = await otherDevice(player);
    const phoneSocket = await connectLive(baseUrl, phone.cookie);
    await subscribe(phoneSocket, ["me"]);

    const changed = await player.post("/api/account/password", {
      currentPassword: player.password,
      newPassword: "a brand new secret",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true, signedOut: 2 });
    expect((await player.get("/api/me")).statusCode).toBe(200);
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    expect((await tablet.get("/api/me")).statusCode).toBe(401);
    expect((await phoneSocket.closed).code).toBe(4401);
    expect(await signInStatus(player.email, player.password)).toBe(401);
    expect(await signInStatus(player.email, "a brand new secret")).toBe(200);
  });

  it.each([
    ["no current password", { newPassword: "another secret" }, 400, accountMessages.currentPasswordRequired],
    [
      "an empty current password",
      { currentPassword: "", newPassword: "another secret" },
      400,
      accountMessages.currentPasswordRequired,
    ],
    ["no new password", { currentPassword: "correct horse" }, 400, accountMessages.newPasswordRequired],
    [
      "a 5-character new password",
      { currentPassword: "correct horse", newPassword: "12345" },
      400,
      authMessages.passwordTooShort,
    ],
    [
      "a 201-character new password",
      { currentPassword: "correct horse", newPassword: "p".repeat(201) },
      400,
      authMessages.passwordTooLong,
    ],
    [
      "a wrong current password",
      { currentPassword: "not my password", newPassword: "another secret" },
      403,
      accountMessages.currentPasswordWrong,
    ],
    [
      "the same password again",
      { currentPassword: "correct horse", newPassword: "correct horse" },
      400,
      accountMessages.newPasswordSame,
    ],
  ])("refuses %s with its message and changes nothing", async (_, body, status, message) => {
    const player = await signUp(t.app);
    const phone = await otherDevice(player);
    expect(errorOf(await player.post("/api/account/password", body))).toMatchObject({ status, message });
    expect((await phone.get("/api/me")).statusCode).toBe(200);
    expect(await signInStatus(player.email, player.password)).toBe(200);
  });

  it("slows down a session that guesses the current password", async () => {
    const player = await signUp(t.app);
    const guess = () =>
      player.post("/api/account/password", { currentPassword: "guess", newPassword: "x-secret" });
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(403);
    const waiting = await guess();
    expect(errorOf(waiting)).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: accountMessages.passwordChangeWait(1),
    });
    expect(waiting.headers["retry-after"]).toBe("1");
  });

  it("needs a session", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: "correct horse", newPassword: "another secret" },
    });
    expect(errorOf(response)).toMatchObject({ status: 401, message: authMessages.notAuthenticated });
  });
});

describe("signing out everywhere", () => {
  it("ends every session of the player, this one too, closes their sockets and clears the cookie", async () => {
    const player = await signUp(t.app);
    const bystander = await signUp(t.app);
    const phone = await otherDevice(player);
    const socket = await connectLive(baseUrl, phone.cookie);
    await subscribe(socket, ["me"]);

    const response = await player.post("/api/account/sign-out-everywhere");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === "ba_session")?.value).toBe("");
    expect((await player.get("/api/me")).statusCode).toBe(401);
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    expect((await socket.closed).code).toBe(4401);
    expect((await bystander.get("/api/me")).statusCode).toBe(200);
    expect(await signInStatus(player.email, player.password)).toBe(200);
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/account/sign-out-everywhere" });
    expect(errorOf(response)).toMatchObject({ status: 401, message: authMessages.notAuthenticated });
  });
});
