// The fan-out's readers stand in for 10,000 browsers on other machines, yet here they share the servers' two
// cores: every microsecond a reader spends is one the servers do not get, and one more in the delay it
// measures. A `ws` client passes each frame through a Writable stream and an event per message (about 5 µs of
// the bench's own CPU per delivery at 10,000 sockets); this reader takes the socket from the HTTP upgrade and
// reads the server's frames off the bytes (RFC 6455: the server's frames are never masked), answering pings
// so the server's heartbeat keeps it.
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Socket } from "node:net";

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;

/** A client's frame: FIN, the opcode, the mask bit and key, the masked payload (payloads under 126 bytes). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  if (payload.length > 125) throw new Error("raw reader: a client frame of over 125 bytes");
  const key = randomBytes(4);
  const frame = Buffer.allocUnsafe(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  key.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ key[i % 4]!;
  return frame;
}

export type RawLiveSocket = {
  sendText(text: string): void;
  terminate(): void;
};

/**
 * Opens `/api/live` with the cookie; `onText` gets each text message's payload and the time its chunk was
 * read (taken once per chunk, before any frame in it is looked at).
 */
export function openRawLive(
  base: URL,
  cookie: string,
  onText: (payload: Buffer, arrived: number) => void,
): Promise<RawLiveSocket> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: base.hostname,
      port: base.port,
      path: "/api/live",
      headers: {
        cookie,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": randomBytes(16).toString("base64"),
      },
    });
    req.once("error", reject);
    req.once("response", (response) =>
      reject(new Error(`raw reader: upgrade refused (${response.statusCode})`)),
    );
    req.once("upgrade", (_response, socket: Socket, head: Buffer) => {
      socket.setNoDelay(true);
      let pending: Buffer = head;
      const read = (chunk: Buffer) => {
        const arrived = Date.now();
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        let at = 0;
        for (;;) {
          if (pending.length - at < 2) break;
          const opcode = pending[at]! & 0x0f;
          let length = pending[at + 1]! & 0x7f;
          let header = 2;
          if (length === 126) {
            if (pending.length - at < 4) break;
            length = pending.readUInt16BE(at + 2);
            header = 4;
          } else if (length === 127) {
            if (pending.length - at < 10) break;
            length = Number(pending.readBigUInt64BE(at + 2));
            header = 10;
          }
          if (pending.length - at < header + length) break;
          const payload = pending.subarray(at + header, at + header + length);
          at += header + length;
          if (opcode === OPCODE_TEXT) onText(payload, arrived);
          else if (opcode === OPCODE_PING) socket.write(clientFrame(OPCODE_PONG, payload));
          else if (opcode === OPCODE_CLOSE) socket.end();
        }
        pending = at === pending.length ? Buffer.alloc(0) : pending.subarray(at);
      };
      socket.on("data", read);
      socket.on("error", () => {});
      if (head.length > 0) read(Buffer.alloc(0));
      resolve({
        sendText: (text) => socket.write(clientFrame(OPCODE_TEXT, Buffer.from(text))),
        terminate: () => socket.destroy(),
      });
    });
    req.end();
  });
}
