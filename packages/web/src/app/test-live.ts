// A fake live socket for component tests: stubbed in as the global WebSocket, it opens a turn after it is made
// (as a browser's does), keeps what the client sends, and lets the test push the server's events.
import type { LiveClientMessage, LiveEvent, LiveServerMessage } from "@bot-arena/contract";
import { act, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";

export class FakeSocket {
  static readonly made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readonly sent: LiveClientMessage[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveClientMessage);
  }

  close() {
    this.readyState = 3;
  }

  /** The channels this socket follows now, after every subscribe and unsubscribe it sent. */
  channels(): string[] {
    const following = new Set<string>();
    for (const message of this.sent) {
      if (message.type === "subscribe") for (const channel of message.channels) following.add(channel);
      if (message.type === "unsubscribe") for (const channel of message.channels) following.delete(channel);
    }
    return [...following];
  }

  /** The server pushes one event. */
  push(event: Omit<LiveEvent, "at">) {
    const message: LiveServerMessage = { type: "event", event: { ...event, at: Date.now() } };
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

/** Puts the fake in place of the browser's WebSocket (call in beforeEach). */
export function stubLiveSocket() {
  FakeSocket.made.length = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
}

/** The one socket the page opened, once it is open. */
export async function openSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.made.at(-1)?.readyState).toBe(1));
  return FakeSocket.made.at(-1)!;
}
