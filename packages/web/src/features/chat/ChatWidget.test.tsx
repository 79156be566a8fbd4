// The chat widget (seed 001 §2, §5): signed out it can be opened and holds only 'Please login to chat', a link to
// /auth. A guild's member gets a second tab, Guild (issue 26), with the guild's chat followed live. Signed in (issue 30), a closed panel follows only the `chat-unread`
// digest and its badge counts the lines this reader would see (not their own, not hidden players'); opening
// it follows `chat` itself, fetches the latest lines again and clears the badge.
import {
  CHAT_UNREAD_CHANNEL,
  type ChatMessage,
  type ChatMessageList,
  chatLiveKinds,
  type GuildChat,
  guildChatChannel,
  type HiddenPlayers,
} from "@bot-arena/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LiveSession } from "../../app/LiveSession";
import { FakeSocket, openSocket, stubLiveSocket } from "../../app/test-live";
import { aPlayer, renderApp, renderPage } from "../../app/test-render";
import ChatWidget from "./ChatWidget";

const me = aPlayer();
const OTHER = "00000000-0000-4000-8000-00000000b001";
const OTHER_2 = "00000000-0000-4000-8000-00000000b002";
const HIDDEN = "00000000-0000-4000-8000-00000000b003";
const hidden: HiddenPlayers = { players: [{ userId: HIDDEN, username: "spam_bot" }] };

function aLine(n: number, text: string, userId: string | null = OTHER): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-00000000c${String(n).padStart(3, "0")}`,
    userId,
    username: userId === OTHER ? "rival_one" : "rival_two",
    authorTitle: null,
    message: text,
    createdAt: `2026-01-01T00:0${n}:00.000Z`,
    kind: "player",
    warId: null,
  };
}

const GUILD = { id: "00000000-0000-4000-8000-00000000d001", name: "Iron Wolves", tag: "IW" };
const noGuild: GuildChat = { guild: null, canModerate: false, messages: [], mutedUntil: null };
const WAR_ID = "00000000-0000-4000-8000-00000000e003";
const drafted: ChatMessage = {
  ...aLine(4, "Guild War #3: your guild is in the war; the battle starts when registration ends", null),
  username: "Arena",
  kind: "system",
  warId: WAR_ID,
};

/** The widget as a signed-in player has it: the live session (which opens the socket) and the chat corner. */
function renderSignedIn(listChat: () => ChatMessageList, guildChat: GuildChat = noGuild) {
  return renderPage(
    <>
      <LiveSession />
      <ChatWidget />
    </>,
    {
      path: "/dashboard",
      me,
      api: {
        listChat,
        listHidden: hidden,
        guildChat,
        deleteGuildChatMessage: { message: "Message deleted" },
      },
    },
  );
}

describe("the chat widget", () => {
  beforeEach(() => {
    stubLiveSocket();
  });

  it("signed out: only 'Please login to chat', leading to /auth: no lines, no invitation to write, no tabs", async () => {
    const { user, api } = renderApp("/", {
      me: null,
      api: { listChat: { messages: [aLine(1, "a line a visitor never sees")], mutedUntil: null } },
    });
    await user.click(await screen.findByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await within(panel).findByRole("link", { name: "Please login to chat" });
    expect(within(panel).queryByRole("textbox")).toBeNull();
    expect(within(panel).queryByRole("list")).toBeNull();
    expect(within(panel).queryByRole("tablist")).toBeNull();
    expect(within(panel).queryByText(/Say hello/)).toBeNull();
    expect(within(panel).queryByText("a line a visitor never sees")).toBeNull();
    expect(api.callsTo("listChat")).toHaveLength(0);
    expect(api.callsTo("guildChat")).toHaveLength(0);
    await user.click(within(panel).getByRole("link", { name: "Please login to chat" }));
    await waitFor(() => expect(window.location.pathname).toBe("/auth"));
  });

  it("a player in no guild sees no Guild tab, only the global chat", async () => {
    const { user, api } = renderSignedIn(() => ({ messages: [aLine(1, "global talk")], mutedUntil: null }));
    const socket = await openSocket();
    await user.click(screen.getByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await within(panel).findByText("global talk");
    await waitFor(() => expect(api.callsTo("guildChat")).toHaveLength(1));
    expect(within(panel).queryByRole("tablist")).toBeNull();
    expect(within(panel).queryByRole("tab", { name: /Guild/ })).toBeNull();
    expect(socket.channels().some((c) => c.startsWith("guild-chat:"))).toBe(false);
  });

  it("names an author's season title beside the name, as a badge", async () => {
    const { user } = renderSignedIn(() => ({
      messages: [{ ...aLine(1, "gg"), authorTitle: "Season 2 Champion" }, aLine(2, "wp", OTHER_2)],
      mutedUntil: null,
    }));
    await openSocket();
    await user.click(screen.getByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await within(panel).findByText("gg");
    expect(
      within(panel)
        .getAllByTestId("season-title")
        .map((title) => title.textContent),
    ).toEqual(["Season 2 Champion"]);
  });

  it("a member gets Global and Guild tabs; guild lines (a war's news too) arrive live and count on the Guild tab until it is opened", async () => {
    const guildLines = [aLine(1, "guild plans"), drafted];
    const { user } = renderSignedIn(() => ({ messages: [aLine(2, "global talk")], mutedUntil: null }), {
      guild: GUILD,
      canModerate: false,
      messages: guildLines,
      mutedUntil: null,
    });
    const socket = await openSocket();
    // The guild's channel is followed at once, closed or open: the badge counts its lines.
    await waitFor(() => expect(socket.channels()).toContain(guildChatChannel(GUILD.id)));
    socket.push({
      channel: guildChatChannel(GUILD.id),
      kind: chatLiveKinds.message,
      data: { message: aLine(5, "anyone online?") },
    });
    await waitFor(() => expect(screen.getByTestId("chat-unread").textContent).toBe("1"));

    await user.click(screen.getByRole("button", { name: "Open chat (1 unread)" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    const tabs = within(panel).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Global",
      expect.stringMatching(/^Guild \[IW\], unread: 1$/),
    ]);
    expect(tabs[0]!.getAttribute("aria-selected")).toBe("true");
    await within(panel).findByText("global talk");

    await user.click(within(panel).getByRole("tab", { name: /Guild \[IW\]/ }));
    const guildList = within(panel).getByRole("list", { name: "Iron Wolves guild chat" });
    await within(guildList).findByText("anyone online?");
    expect(within(panel).queryByTestId("chat-unread-guild")).toBeNull();
    // The war's news: set apart, with nothing to report or hide.
    const news = within(guildList).getByText(drafted.message).closest("li")!;
    expect(news.getAttribute("data-kind")).toBe("system");
    expect(within(news).queryByRole("button")).toBeNull();
    expect(within(news).getByRole("link").getAttribute("href")).toBe(`/guild-wars#war-${WAR_ID}`);
    expect(within(panel).getByRole("textbox", { name: "Message" }).getAttribute("placeholder")).toBe(
      "Message your guild...",
    );

    // Back on Global, a global line is seen at once and a guild line counts on the Guild tab.
    await user.click(within(panel).getByRole("tab", { name: "Global" }));
    socket.push({
      channel: guildChatChannel(GUILD.id),
      kind: chatLiveKinds.message,
      data: {
        message: {
          ...drafted,
          id: "00000000-0000-4000-8000-00000000c009",
          warId: null,
          message: "Another arena line",
        },
      },
    });
    await waitFor(() =>
      expect(within(panel).getByTestId("chat-unread-guild").textContent).toBe(", unread: 1"),
    );
  });

  it("a war's line rewritten live stays one line and moves below the players' words", async () => {
    const { user } = renderSignedIn(() => ({ messages: [], mutedUntil: null }), {
      guild: GUILD,
      canModerate: false,
      messages: [drafted, aLine(5, "good luck all")],
      mutedUntil: null,
    });
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain(guildChatChannel(GUILD.id)));
    await user.click(screen.getByRole("button", { name: /^Open chat/ }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await user.click(within(panel).getByRole("tab", { name: /Guild \[IW\]/ }));
    const guildList = within(panel).getByRole("list", { name: "Iron Wolves guild chat" });
    await within(guildList).findByText("good luck all");
    const round = "Guild War #3 · round 1 of 7: 3 duels won, 2nd of 8";
    socket.push({
      channel: guildChatChannel(GUILD.id),
      kind: chatLiveKinds.message,
      data: { message: { ...drafted, message: round, createdAt: "2026-01-01T00:09:00.000Z" } },
    });
    await within(guildList).findByText(round);
    expect(
      within(guildList)
        .getAllByTestId("chat-line")
        .map((line) => line.textContent),
    ).toEqual([expect.stringContaining("good luck all"), expect.stringContaining(round)]);
    expect(within(guildList).queryByText(drafted.message)).toBeNull();
  });

  it("the guild's leader or an officer deletes a member's line through the guild", async () => {
    const { user, api } = renderSignedIn(() => ({ messages: [], mutedUntil: null }), {
      guild: GUILD,
      canModerate: true,
      messages: [aLine(1, "spam in the guild")],
      mutedUntil: null,
    });
    await user.click(await screen.findByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await user.click(await within(panel).findByRole("tab", { name: /Guild/ }));
    const line = (await within(panel).findByText("spam in the guild")).closest("li")!;
    await user.click(within(line).getByRole("button", { name: "Message actions for rival_one" }));
    await user.click(within(line).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.callsTo("deleteGuildChatMessage")).toHaveLength(1));
    expect(api.callsTo("deleteGuildChatMessage")[0]!.params).toEqual({
      id: GUILD.id,
      messageId: aLine(1, "").id,
    });
    await waitFor(() => expect(within(panel).queryByText("spam in the guild")).toBeNull());
  });

  it("closed: follows only the unread digest, and the badge counts others' lines, not mine nor a hidden player's", async () => {
    renderSignedIn(() => ({ messages: [], mutedUntil: null }));
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain(CHAT_UNREAD_CHANNEL));
    expect(socket.channels()).not.toContain("chat");
    expect(screen.queryByTestId("chat-unread")).toBeNull();

    // Four lines since the last digest: a rival's, my own, a hidden player's and another rival's.
    socket.push({
      channel: CHAT_UNREAD_CHANNEL,
      kind: chatLiveKinds.unread,
      data: { from: [OTHER, me.id, HIDDEN, OTHER_2] },
    });
    await waitFor(() => expect(screen.getByTestId("chat-unread").textContent).toBe("2"));
    expect(screen.getByRole("button", { name: "Open chat (2 unread)" })).toBeTruthy();

    // The next digest adds to the count: one more from a rival (the hidden player's again does not count).
    socket.push({
      channel: CHAT_UNREAD_CHANNEL,
      kind: chatLiveKinds.unread,
      data: { from: [HIDDEN, OTHER] },
    });
    await waitFor(() => expect(screen.getByTestId("chat-unread").textContent).toBe("3"));
    expect(screen.getByRole("button", { name: "Open chat (3 unread)" })).toBeTruthy();
    expect(socket.channels()).not.toContain("chat");
  });

  it("opening: follows the chat itself, fetches the lines written meanwhile, clears the badge, and shows a new line live", async () => {
    const first = aLine(1, "first line");
    const meanwhile = aLine(2, "written while it was closed", OTHER_2);
    let written = [first];
    const { user, api } = renderSignedIn(() => ({ messages: written, mutedUntil: null }));
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain(CHAT_UNREAD_CHANNEL));

    // Opened once, then closed again: the closed panel is back on the digest.
    await user.click(screen.getByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await within(panel).findByText("first line");
    await user.click(screen.getByRole("button", { name: "Close chat" }));
    await waitFor(() => expect(socket.channels()).toContain(CHAT_UNREAD_CHANNEL));
    expect(socket.channels()).not.toContain("chat");

    // A line is written while it is closed; the digest says so.
    written = [first, meanwhile];
    socket.push({ channel: CHAT_UNREAD_CHANNEL, kind: chatLiveKinds.unread, data: { from: [OTHER_2] } });
    await waitFor(() => expect(screen.getByTestId("chat-unread").textContent).toBe("1"));

    const fetchesBefore = api.callsTo("listChat").length;
    const sentBefore = socket.sent.length;
    await user.click(screen.getByRole("button", { name: "Open chat (1 unread)" }));
    const reopened = await screen.findByRole("region", { name: "Chat" });

    // Now on `chat`, off the digest; the lines are fetched once more and the meanwhile line is there.
    await waitFor(() => expect(socket.channels()).toContain("chat"));
    expect(socket.channels()).not.toContain(CHAT_UNREAD_CHANNEL);
    expect(socket.sent.slice(sentBefore)).toEqual(
      expect.arrayContaining([
        { type: "unsubscribe", channels: [CHAT_UNREAD_CHANNEL] },
        { type: "subscribe", channels: ["chat"] },
      ]),
    );
    expect(await within(reopened).findByText("written while it was closed")).toBeTruthy();
    expect(api.callsTo("listChat").length).toBe(fetchesBefore + 1);
    expect(screen.queryByTestId("chat-unread")).toBeNull();
    expect(screen.getByRole("button", { name: "Close chat" })).toBeTruthy();

    // While open, a new line arrives in the event itself and shows without another fetch.
    socket.push({
      channel: "chat",
      kind: chatLiveKinds.message,
      data: { message: aLine(3, "hello from the arena") },
    });
    await within(reopened).findByText("hello from the arena");
    expect(within(reopened).getAllByTestId("chat-line")).toHaveLength(3);
    expect(api.callsTo("listChat").length).toBe(fetchesBefore + 1);

    // Read: closed again, no badge is left over from before.
    await user.click(screen.getByRole("button", { name: "Close chat" }));
    await waitFor(() => expect(socket.channels()).toContain(CHAT_UNREAD_CHANNEL));
    expect(screen.getByRole("button", { name: "Open chat" })).toBeTruthy();
    expect(screen.queryByTestId("chat-unread")).toBeNull();
  });

  it("stays open, on the same socket, when the player moves to another page", async () => {
    const { user } = renderApp("/leaderboard", {
      me,
      api: {
        listChat: { messages: [aLine(1, "still here")], mutedUntil: null },
        listHidden: hidden,
        guildChat: noGuild,
        leaderboard: { entries: [], you: null },
      },
    });
    const socket = await openSocket();
    await user.click(await screen.findByRole("button", { name: "Open chat" }));
    const panel = await screen.findByRole("region", { name: "Chat" });
    await within(panel).findByText("still here");

    await user.click((await screen.findAllByRole("link", { name: /^shop$/i }))[0]!);
    await waitFor(() => expect(window.location.pathname).toBe("/shop"));
    expect(screen.getByRole("region", { name: "Chat" })).toBe(panel);
    expect(within(panel).getByText("still here")).toBeTruthy();
    expect(FakeSocket.made).toEqual([socket]);
  });
});
