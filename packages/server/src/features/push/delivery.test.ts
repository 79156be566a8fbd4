// The address a push is sent to, checked when it is sent: a name that resolved to a public address when the
// browser subscribed and to 127.0.0.1 now (DNS rebinding) is refused before any connection, as is every private,
// loopback, link-local, unique-local and IPv4-in-IPv6 form; an IP literal is checked without a lookup.
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushFake } from "../../../test/push-fake";
import { deliver, PRIVATE_ADDRESS, publicOnlyLookup } from "./delivery";
import { isPrivateAddress } from "./endpoint";

const PUBLIC = "93.184.215.14";

/** A resolver that answers each lookup with the next of `answers`, as a rebinding name server would. */
function resolverAnswering(...answers: string[]) {
  const asked: string[] = [];
  const resolve = (
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    asked.push(hostname);
    const address = answers[Math.min(asked.length, answers.length) - 1] as string;
    callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);
  };
  return { resolve, asked };
}

/** What one lookup answers, in the form a request asks for (`all` or not). */
function looked(lookup: LookupFunction, all: boolean) {
  return new Promise<{ error: NodeJS.ErrnoException | null; answer: unknown }>((resolve) =>
    lookup("push.rebind.example", { all }, (error, address, family) =>
      resolve({ error, answer: all ? address : { address, family } }),
    ),
  );
}

describe("the lookup a push request connects through", () => {
  it.each([false, true])(
    "answers the public address first and refuses 127.0.0.1 next (all: %s)",
    async (all) => {
      const { resolve, asked } = resolverAnswering(PUBLIC, "127.0.0.1");
      const lookup = publicOnlyLookup(resolve);
      const first = await looked(lookup, all);
      expect(first.error).toBeNull();
      expect(first.answer).toEqual(all ? [{ address: PUBLIC, family: 4 }] : { address: PUBLIC, family: 4 });
      const second = await looked(lookup, all);
      expect(second.error?.code).toBe(PRIVATE_ADDRESS);
      expect(second.error?.message).toContain("127.0.0.1");
      expect(asked).toEqual(["push.rebind.example", "push.rebind.example"]);
    },
  );

  it("refuses a name whose answer mixes a public address with a private one", async () => {
    const lookup = publicOnlyLookup((_host, _options, callback) =>
      callback(null, [
        { address: PUBLIC, family: 4 },
        { address: "10.0.0.7", family: 4 },
      ]),
    );
    expect((await looked(lookup, true)).error?.code).toBe(PRIVATE_ADDRESS);
  });

  it("passes a resolver's own error on", async () => {
    const failure = Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
    const lookup = publicOnlyLookup((_host, _options, callback) => callback(failure, []));
    expect((await looked(lookup, false)).error).toBe(failure);
  });
});

describe("which resolved addresses are private", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:a00:1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "not an address",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([PUBLIC, "8.8.8.8", "2606:4700:4700::1111", "2002:5db8:d70e::1", "2a00:1450:4001:82b::200a"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("sending", () => {
  let fake: Awaited<ReturnType<typeof startPushFake>>;
  beforeAll(async () => {
    fake = await startPushFake();
  });
  afterAll(() => fake.close());

  const push = (endpoint: string) => ({
    endpoint,
    method: "POST",
    headers: { "content-encoding": "aes128gcm" },
    body: Buffer.from("x"),
  });

  it("a name that now resolves to the local push service is refused before anything is sent", async () => {
    const { port } = new URL(fake.subscription("rebound").endpoint);
    const { resolve } = resolverAnswering("127.0.0.1");
    const sent = deliver(push(`https://push.rebind.example:${port}/push/rebound`), {
      testEndpoints: false,
      timeoutMs: 5_000,
      lookup: publicOnlyLookup(resolve),
    });
    await expect(sent).rejects.toMatchObject({ code: PRIVATE_ADDRESS });
    expect(fake.received).toEqual([]);
    expect(fake.failures).toEqual([]);
  });

  it("an IP literal is checked without a lookup", async () => {
    const { port } = new URL(fake.subscription("literal").endpoint);
    await expect(
      deliver(push(`https://127.0.0.1:${port}/push/literal`), { testEndpoints: false, timeoutMs: 5_000 }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fake.failures).toEqual([]);
  });

  it("under PUSH_TEST_ENDPOINTS=on the local fake is reached", async () => {
    const { endpoint } = fake.subscription("allowed");
    // Not a real push (the fake cannot decrypt it, so it answers 400): reaching it is what is shown.
    expect(await deliver(push(endpoint), { testEndpoints: true, timeoutMs: 5_000 })).toBe(400);
    expect(fake.failures).toHaveLength(1);
  });
});
