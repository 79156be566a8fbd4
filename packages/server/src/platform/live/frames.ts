// One event goes to thousands of sockets. `ws` frames a message again for each socket it is sent on (a header
// buffer, a cork, two writes and an uncork); a frame built once per event and written whole on each socket's
// TCP stream costs one write. At 10,000 sockets on two processes that was most of the servers' CPU per
// delivery (docs/performance.md, the fan-out table).
import type { Socket } from "node:net";
import type { WebSocket } from "ws";

/** A message for many sockets: its text, and the same text as one unmasked, final WebSocket text frame. */
export type SharedFrame = { readonly text: Buffer; readonly frame: Buffer };

/** RFC 6455 section 5.2: FIN and the text opcode, then the length in 7 bits, or 16 or 64 after a marker. */
export function textFrame(text: Buffer): Buffer {
  const length = text.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  text.copy(frame, headerLength);
  return frame;
}

export function sharedFrame(text: string): SharedFrame {
  const bytes = Buffer.from(text);
  return { text: bytes, frame: textFrame(bytes) };
}

/**
 * `ws` keeps the socket's TCP stream as `_socket` (its own `bufferedAmount` reads it). A frame written there
 * is the same bytes `ws` would write, in the same order as its own writes, which are synchronous while no
 * extension (permessage-deflate) is negotiated: with one, frames must be compressed per socket, so `ws` sends.
 */
function streamOf(socket: WebSocket): Socket | null {
  if (socket.extensions !== "") return null;
  const stream = (socket as unknown as { _socket?: Socket })._socket;
  return stream && typeof stream.write === "function" ? stream : null;
}

/** Sends a shared frame on an open socket. */
export function sendShared(socket: WebSocket, message: SharedFrame): void {
  const stream = streamOf(socket);
  if (stream) stream.write(message.frame);
  else socket.send(message.text, { binary: false });
}
