import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { sendShared, sharedFrame, textFrame } from "./frames";

describe("textFrame", () => {
  it("writes FIN, the text opcode and the length in each of RFC 6455's three forms", () => {
    expect([...textFrame(Buffer.from("hi"))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame(Buffer.alloc(125)).subarray(0, 2)]).toEqual([0x81, 125]);
    expect([...textFrame(Buffer.alloc(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrame(Buffer.alloc(65_535)).subarray(0, 4)]).toEqual([0x81, 126, 0xff, 0xff]);
    expect([...textFrame(Buffer.alloc(65_536)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(textFrame(Buffer.alloc(65_536)).length).toBe(65_546);
  });
});

describe("sendShared", () => {
  let server: WebSocketServer | null = null;
  afterEach(async () => {
    for (const client of server?.clients ?? []) client.terminate();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  /** A server whose first connection gets `serve`, and a client that collects `count` messages. */
  async function exchange(
    count: number,
    serve: (socket: WebSocket) => void,
    deflate: boolean,
  ): Promise<{ texts: string[]; extensions: string }> {
    server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: deflate });
    server.on("connection", (socket) => serve(socket));
    await new Promise((resolve) => server!.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: deflate });
    const texts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on("error", reject);
      client.on("message", (data, isBinary) => {
        expect(isBinary).toBe(false);
        texts.push(data.toString());
        if (texts.length === count) resolve();
      });
    });
    const extensions = client.extensions;
    client.terminate();
    return { texts, extensions };
  }

  const sizes = [5, 300, 70_000].map((n, i) => `${i}:${"x".repeat(n)}`);

  it("delivers frames of every length form in order with the socket's own sends between them", async () => {
    const { texts, extensions } = await exchange(
      4,
      (socket) => {
        sendShared(socket, sharedFrame(sizes[0]!));
        socket.send("own", { binary: false });
        sendShared(socket, sharedFrame(sizes[1]!));
        sendShared(socket, sharedFrame(sizes[2]!));
      },
      false,
    );
    expect(extensions).toBe("");
    expect(texts).toEqual([sizes[0], "own", sizes[1], sizes[2]]);
  });

  it("lets ws compress when the socket negotiated permessage-deflate", async () => {
    const { texts, extensions } = await exchange(
      3,
      (socket) => {
        for (const text of sizes) sendShared(socket, sharedFrame(text));
      },
      true,
    );
    expect(extensions).toContain("permessage-deflate");
    expect(texts).toEqual(sizes);
  });
});
