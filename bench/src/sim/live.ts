// One player's live socket: /api/live with the session cookie, subscribed to the channels asked for; each event's delay is
// recorded as arrival time minus the server's `at` (same machine, same clock).
import type { LiveServerMessage } from "@bot-arena/contract";
import WebSocket from "ws";
import type { Metrics } from "./metrics";

export type LiveSocket = { close(): void; readonly open: boolean };

export function openLive(
  base: URL,
  cookie: string,
  channels: string[],
  metrics: () => Metrics,
  timeoutMs = 10_000,
): Promise<LiveSocket> {
  const url = `ws://${base.host}/api/live`;
  const socket = new WebSocket(url, { headers: { cookie } });
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as LiveServerMessage;
    if (message.type === "event")
      metrics().recordLive(message.event.channel, message.event.kind, Date.now() - message.event.at);
  });
  // A socket dropped by a server restart or shutdown is expected in the fault runs: nothing to report here.
  socket.on("error", () => {});
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("live socket: no subscription confirmed in time"));
    }, timeoutMs);
    socket.once("open", () => socket.send(JSON.stringify({ type: "subscribe", channels })));
    socket.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as LiveServerMessage).type !== "subscribed") return;
      clearTimeout(timer);
      resolve({
        close: () => socket.close(),
        get open() {
          return socket.readyState === WebSocket.OPEN;
        },
      });
    });
    socket.once("close", () => {
      clearTimeout(timer);
      reject(new Error("live socket closed before subscribing"));
    });
  });
}
