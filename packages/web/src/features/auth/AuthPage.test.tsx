// /auth (seed 000 §2, §5, §8): the two modes, every validation message at its field, the server's refusals
// and the fallback, 'Processing...' while busy, and where each success goes.
import { me } from "@bot-arena/contract";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { aPlayer, fail, findLocation, findToast, renderPage } from "../../app/test-render";
import AuthPage from "./AuthPage";
import { hydrateAuthForm, PrerenderedFormHost } from "./formIsland";
import { finishSignIn } from "./signedIn";

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
    expect(await findToast("Username is required")).toBeTruthy();
    expect(fieldError("Username")).toBe("Username is required");
    expect(fieldError("Email")).toBe("Email is required");
    expect(fieldError("Password")).toBe("Password is required");
    expect(api.callsTo("signUp")).toHaveLength(0);
  });

  it("an email of the wrong form and a short password get their messages", async () => {
    const { user, api } = signedOutAuth();
    await toSignUp(user);
    await user.type(screen.getByLabelText("Username"), "someone");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await findToast("Please enter a valid email address")).toBeTruthy();
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

// The build prerenders /auth; its own entry hydrates the form alone, and the app hydrates the page later.
describe("/auth as the build prerendered it", () => {
  /** The build's page: in this DOM the page leaves the form's element empty, so the form is drawn into it here. */
  function drawForm(container: HTMLElement) {
    container.querySelector("#auth-form")!.outerHTML = renderToString(<PrerenderedFormHost />);
  }

  it("the form hydrated before the app keeps what was typed and the focus when the app hydrates the page", async () => {
    const consoleErrors = vi.spyOn(console, "error");
    let email!: HTMLInputElement;
    const { user } = renderPage(<AuthPage />, {
      path: "/auth",
      me: null,
      api: { signIn: aPlayer() },
      prerendered: ({ container }) => {
        drawForm(container);
        act(() => void hydrateAuthForm());
        email = screen.getByLabelText("Email");
        expect(email.closest("fieldset")?.disabled).toBe(false);
        email.focus();
        fireEvent.change(email, { target: { value: "pilot_test@arena.test" } });
      },
    });
    // The very element: the app left the form to its own root.
    expect(screen.getByLabelText("Email")).toBe(email);
    expect(email.value).toBe("pilot_test@arena.test");
    expect(document.activeElement).toBe(email);
    await user.type(screen.getByLabelText("Password"), "hunter22");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await findToast("Welcome back!")).toBeTruthy();
    expect(await findLocation()).toBe("/dashboard");
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it("a sign-up finished before the app arrived is taken on by the app: its toast, then /create-bot", async () => {
    finishSignIn({ player: me.parse(aPlayer({ username: "newcomer" })), mode: "sign-up" });
    // The session cookie is set by then: the page must still go where the sign-up leads, not to /dashboard.
    renderPage(<AuthPage />, { path: "/auth" });
    expect(await findToast("Account created! Redirecting...")).toBeTruthy();
    expect(await findLocation()).toBe("/create-bot");
  });

  it("a signed-in visitor whose session answered before the page hydrated goes on to /dashboard, no mismatch", async () => {
    const consoleErrors = vi.spyOn(console, "error");
    renderPage(<AuthPage />, {
      path: "/auth",
      prerendered: ({ container, queryClient }) => {
        drawForm(container);
        queryClient.setQueryData(queryKeys.me, aPlayer());
      },
    });
    expect(await findLocation()).toBe("/dashboard");
    expect(consoleErrors).not.toHaveBeenCalled();
  });
});
