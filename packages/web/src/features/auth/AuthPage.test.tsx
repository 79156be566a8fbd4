// /auth (seed 000 §2, §5, §8): the two modes, every validation message at its field, the server's refusals
// and the fallback, 'Processing...' while busy, and where each success goes.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, fail, findLocation, findToast, renderPage } from "../../app/test-render";
import AuthPage from "./AuthPage";

/** The message shown under a field (its aria-describedby), or "" when the field is fine. */
function fieldError(label: string): string {
  const input = screen.getByLabelText(label);
  if (input.getAttribute("aria-invalid") !== "true") return "";
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

function signedOutAuth(api: Parameters<typeof renderPage>[1]["api"] = {}) {
  return renderPage(<AuthPage />, { path: "/auth", me: null, api });
}

async function toSignUp(user: ReturnType<typeof signedOutAuth>["user"]) {
  await user.click(await screen.findByText("Don't have an account? Sign up"));
  await screen.findByRole("button", { name: "Create Account" });
}

describe("/auth", () => {
  it("sign-up with nothing filled in: each field says it is required", async () => {
    const { user, api } = signedOutAuth();
    await toSignUp(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(fieldError("Username")).toBe("Username is required");
    expect(fieldError("Email")).toBe("Email is required");
    expect(fieldError("Password")).toBe("Password is required");
    expect(await findToast("Username is required")).toBeTruthy();
    expect(api.callsTo("signUp")).toHaveLength(0);
  });

  it("an email of the wrong form and a short password get their messages", async () => {
    const { user, api } = signedOutAuth();
    await toSignUp(user);
    await user.type(screen.getByLabelText("Username"), "someone");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(fieldError("Username")).toBe("");
    expect(fieldError("Email")).toBe("Please enter a valid email address");
    expect(fieldError("Password")).toBe("Password must be at least 6 characters");
    expect(api.callsTo("signUp")).toHaveLength(0);
  });

  it("sign-in has no username field, and a refused sign-in shows the server's message", async () => {
    const { user } = signedOutAuth({
      signIn: fail(401, "INVALID_CREDENTIALS", "Invalid email or password"),
    });
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByLabelText("Username")).toBeNull();
    await user.type(screen.getByLabelText("Email"), "nobody@arena.test");
    await user.type(screen.getByLabelText("Password"), "wrongpass");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await findToast("Invalid email or password")).toBeTruthy();
  });

  it("a failure without the server's words falls back to 'Authentication failed'", async () => {
    const { user } = signedOutAuth({ signIn: () => Promise.reject(new TypeError("network down")) });
    await user.type(await screen.findByLabelText("Email"), "pilot@arena.test");
    await user.type(screen.getByLabelText("Password"), "hunter22");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await findToast("Authentication failed")).toBeTruthy();
  });

  it("an email already in use gets the server's message", async () => {
    const { user } = signedOutAuth({
      signUp: fail(409, "EMAIL_TAKEN", "An account with this email already exists"),
    });
    await toSignUp(user);
    await user.type(screen.getByLabelText("Username"), "newcomer");
    await user.type(screen.getByLabelText("Email"), "TAKEN@ARENA.TEST");
    await user.type(screen.getByLabelText("Password"), "hunter22");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await findToast("An account with this email already exists")).toBeTruthy();
  });

  it("reads 'Processing...' while busy; sign-up says 'Account created! Redirecting...' and goes to /create-bot", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user, api } = signedOutAuth({
      signUp: async () => {
        await answered;
        return aPlayer({ username: "newcomer" });
      },
    });
    await toSignUp(user);
    await user.type(screen.getByLabelText("Username"), "newcomer");
    await user.type(screen.getByLabelText("Email"), "newcomer@arena.test");
    await user.type(screen.getByLabelText("Password"), "hunter22");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
    answer();
    expect(await findToast("Account created! Redirecting...")).toBeTruthy();
    expect(await findLocation()).toBe("/create-bot");
    expect(api.callsTo("signUp")[0]?.body).toEqual({
      username: "newcomer",
      email: "newcomer@arena.test",
      password: "hunter22",
    });
  });

  it("sign-in says 'Welcome back!' and goes to /dashboard", async () => {
    const { user } = signedOutAuth({ signIn: aPlayer() });
    await user.type(await screen.findByLabelText("Email"), "pilot_test@arena.test");
    await user.type(screen.getByLabelText("Password"), "hunter22");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await findToast("Welcome back!")).toBeTruthy();
    expect(await findLocation()).toBe("/dashboard");
  });

  it("a player already signed in goes on to /dashboard", async () => {
    renderPage(<AuthPage />, { path: "/auth" });
    expect(await findLocation()).toBe("/dashboard");
  });
});
