// The chat widget (seed 001 §2, §5): signed out it can be opened and read, and in place of the input it says
// 'Please login to chat', a link to /auth.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../app/test-render";

describe("the chat widget", () => {
  it("signed out: 'Please login to chat' in place of the input, leading to /auth", async () => {
    const { user } = renderApp("/", {
      me: null,
      api: { listChat: { messages: [], mutedUntil: null } },
    });
    await user.click(await screen.findByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    expect(within(panel).queryByRole("textbox")).toBeNull();
    await user.click(within(panel).getByRole("link", { name: "Please login to chat" }));
    await waitFor(() => expect(window.location.pathname).toBe("/auth"));
  });
});
