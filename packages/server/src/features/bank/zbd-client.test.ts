// The ZBD client against the fake ZBD (test/zbd-fake.ts) over real HTTP: lookups, charges and payments in ZBD's
// shapes with amounts past 2^53 msats, and every way a call can fail mapped to the kind the payout runner acts
// on. The case that matters most: a payment made whose answer is lost is "transient", found again by its
// internalId, and never made twice. No database, nothing mocked; the client's timeout is short so a held
// request costs a fraction of a second.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startZbdFake, type ZbdFake } from "../../../test/zbd-fake";
import { createZbdClient, type ZbdClient, ZbdError, type ZbdErrorKind } from "./zbd-client";

const TIMEOUT_MS = 1_000;
const PAST_2_53 = 2n ** 53n + 12_345n;

let fake: ZbdFake;
let zbd: ZbdClient;

beforeEach(async () => {
  fake = await startZbdFake({ gamertags: ["satoshi", "hal"], balanceMsats: 10n ** 18n });
  zbd = createZbdClient({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: TIMEOUT_MS });
});

afterEach(async () => {
  await fake.close();
});

/** The ZbdError a promise rejects with, checked to be one. */
async function zbdError(promise: Promise<unknown>): Promise<ZbdError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ZbdError);
  return error as ZbdError;
}

async function expectKind(promise: Promise<unknown>, kind: ZbdErrorKind, status?: number | null) {
  const error = await zbdError(promise);
  expect({ kind: error.kind, message: error.message }).toMatchObject({ kind });
  if (status !== undefined) expect(error.status).toBe(status);
  return error;
}

async function charge(gamertag: string, amountMsats: bigint, internalId: string, client: ZbdClient = zbd) {
  return client.fetchCharge({ gamertag, amountMsats, description: "Bot Arena cash-out", internalId });
}

describe("gamertags", () => {
  it("tells a gamertag that exists from one that does not", async () => {
    expect(await zbd.gamertagExists("satoshi")).toBe(true);
    expect(await zbd.gamertagExists("nobody")).toBe(false);
    fake.removeGamertag("satoshi");
    expect(await zbd.gamertagExists("satoshi")).toBe(false);
    fake.addGamertag("ada lovelace/2");
    expect(await zbd.gamertagExists("ada lovelace/2")).toBe(true);
    expect(fake.requests().at(-1)?.path).toBe("/v0/user-id/gamertag/ada%20lovelace%2F2");
  });

  it("answers no only when ZBD says so: a failed or refused lookup throws transient", async () => {
    fake.failNext("lookup", "5xx");
    await expectKind(zbd.gamertagExists("satoshi"), "transient", 500);
    fake.failNext("lookup", "timeout");
    await expectKind(zbd.gamertagExists("satoshi"), "transient", null);
    const wrongKey = createZbdClient({ apiKey: "not-the-key", baseUrl: fake.url, timeoutMs: TIMEOUT_MS });
    const refused = await expectKind(wrongKey.gamertagExists("nobody"), "transient", 401);
    expect(refused.message).toMatch(/API key/);
  });

  it("asks no invoice for an unknown gamertag", async () => {
    const error = await expectKind(charge("nobody", 1_000n, "cashout-1"), "unknown-gamertag", 404);
    expect(error.message).toContain("nobody");
  });
});

describe("paying a gamertag", () => {
  it("pays the exact msats, past 2^53, into the ledger and out of the balance", async () => {
    const before = fake.balance();
    const { invoice, expiresAt } = await charge("satoshi", PAST_2_53, "cashout-big");
    expect(invoice).toMatch(/^lnbcfake/);
    expect(expiresAt).not.toBeNull();
    // On the wire as a decimal string, every digit kept.
    const asked = fake.requests().find((request) => request.path === "/v0/gamertag/charges");
    expect(asked?.body).toMatchObject({
      amount: "9007199254753337",
      gamertag: "satoshi",
      internalId: "cashout-big",
    });

    const payment = await zbd.payInvoice({
      invoice,
      internalId: "cashout-big",
      description: "Bot Arena cash-out",
    });
    expect(payment).toMatchObject({ internalId: "cashout-big", status: "completed", failureReason: null });
    expect(payment.amountMsats).toBe(PAST_2_53);

    expect(fake.payments()).toMatchObject([
      { id: payment.id, gamertag: "satoshi", invoice, status: "completed" },
    ]);
    expect(fake.payments()[0]!.amountMsats).toBe(PAST_2_53);
    expect(fake.paidTo("satoshi")).toBe(PAST_2_53);
    expect(fake.paidTo("hal")).toBe(0n);
    expect(fake.balance()).toBe(before - PAST_2_53);
    expect(await zbd.walletBalanceMsats()).toBe(before - PAST_2_53);
  });

  it("reads an invoice sent as invoice.request too", async () => {
    const other = await startZbdFake({ gamertags: ["hal"], chargeShape: "invoice-object" });
    try {
      const client = createZbdClient({ apiKey: other.apiKey, baseUrl: other.url, timeoutMs: TIMEOUT_MS });
      const { invoice } = await charge("hal", 21_000n, "cashout-shape", client);
      expect(invoice).toMatch(/^lnbcfake/);
      await client.payInvoice({ invoice, internalId: "cashout-shape", description: "cash-out" });
      expect(other.paidTo("hal")).toBe(21_000n);
    } finally {
      await other.close();
    }
  });

  it("never pays an invoice twice", async () => {
    const { invoice } = await charge("hal", 5_000n, "cashout-twice");
    await zbd.payInvoice({ invoice, internalId: "cashout-twice", description: "cash-out" });
    const error = await expectKind(
      zbd.payInvoice({ invoice, internalId: "cashout-twice-b", description: "cash-out" }),
      "already-paid",
      400,
    );
    expect(error.message).toBe("Invoice already paid");
    expect(fake.payments()).toHaveLength(1);
    expect(fake.paidTo("hal")).toBe(5_000n);
  });

  it("never makes a second payment with an internalId already used", async () => {
    const first = await charge("hal", 5_000n, "cashout-dup");
    const second = await charge("hal", 5_000n, "cashout-dup");
    expect(second.invoice).not.toBe(first.invoice);
    await zbd.payInvoice({ invoice: first.invoice, internalId: "cashout-dup", description: "cash-out" });
    const error = await expectKind(
      zbd.payInvoice({ invoice: second.invoice, internalId: "cashout-dup", description: "cash-out" }),
      "already-paid",
      400,
    );
    expect(error.message).toMatch(/internalId/);
    expect(fake.payments()).toHaveLength(1);
    expect(fake.paidTo("hal")).toBe(5_000n);
  });

  it("pays nothing when the wallet has too little, and the invoice can be paid once it has enough", async () => {
    fake.setBalance(4_999n);
    const { invoice } = await charge("hal", 5_000n, "cashout-poor");
    const error = await expectKind(
      zbd.payInvoice({ invoice, internalId: "cashout-poor", description: "cash-out" }),
      "insufficient-balance",
      400,
    );
    expect(error.message).toMatch(/balance/i);
    expect(fake.payments()).toEqual([]);
    expect(fake.balance()).toBe(4_999n);

    fake.setBalance(5_000n);
    await zbd.payInvoice({ invoice, internalId: "cashout-poor", description: "cash-out" });
    expect(fake.paidTo("hal")).toBe(5_000n);
    expect(await zbd.walletBalanceMsats()).toBe(0n);
  });

  it("refuses an invoice ZBD never made", async () => {
    await expectKind(
      zbd.payInvoice({ invoice: "lnbcnotours", internalId: "cashout-x", description: "cash-out" }),
      "rejected",
      400,
    );
    expect(fake.payments()).toEqual([]);
  });

  it("a pending payment completes on a later look", async () => {
    fake.settleAfterLookups(2);
    const { invoice } = await charge("satoshi", 7_000n, "cashout-slow");
    const sent = await zbd.payInvoice({ invoice, internalId: "cashout-slow", description: "cash-out" });
    expect(sent.status).toBe("pending");
    expect(fake.paidTo("satoshi")).toBe(0n);
    expect((await zbd.getPayment(sent.id)).status).toBe("pending");
    expect(await zbd.getPayment(sent.id)).toEqual({ ...sent, status: "completed" });
    expect(fake.paidTo("satoshi")).toBe(7_000n);
    expect((await zbd.findPaymentByInternalId("cashout-slow"))?.status).toBe("completed");
  });

  it("a payment ZBD does not know is refused, one never made is not found", async () => {
    await expectKind(zbd.getPayment("no-such-payment"), "rejected", 404);
    expect(await zbd.findPaymentByInternalId("never-sent")).toBeNull();
  });

  it("reads the wallet's balance past 2^53", async () => {
    fake.setBalance(PAST_2_53);
    expect(await zbd.walletBalanceMsats()).toBe(PAST_2_53);
  });
});

describe("when a call fails", () => {
  it("a lost answer to a payment made: transient, then found by its internalId, and never paid again", async () => {
    const { invoice } = await charge("satoshi", PAST_2_53, "cashout-lost");
    fake.failNext("pay", "accept-then-timeout");
    const lost = await expectKind(
      zbd.payInvoice({ invoice, internalId: "cashout-lost", description: "cash-out" }),
      "transient",
      null,
    );
    expect(lost.message).toBe(`ZBD did not answer within ${TIMEOUT_MS} ms while paying the invoice`);
    // ZBD made it all the same.
    expect(fake.payments()).toHaveLength(1);
    expect(fake.paidTo("satoshi")).toBe(PAST_2_53);

    const found = await zbd.findPaymentByInternalId("cashout-lost");
    expect(found).toMatchObject({
      id: fake.payments()[0]!.id,
      internalId: "cashout-lost",
      status: "completed",
    });
    expect(found?.amountMsats).toBe(PAST_2_53);

    await expectKind(
      zbd.payInvoice({ invoice, internalId: "cashout-lost", description: "cash-out" }),
      "already-paid",
      400,
    );
    expect(fake.payments()).toHaveLength(1);
    expect(fake.paidTo("satoshi")).toBe(PAST_2_53);
  });

  it("a socket dropped after the payment (hangMs) is transient too", async () => {
    const dropping = await startZbdFake({ gamertags: ["hal"], hangMs: 20 });
    try {
      const client = createZbdClient({ apiKey: dropping.apiKey, baseUrl: dropping.url, timeoutMs: 5_000 });
      const { invoice } = await charge("hal", 1_000n, "cashout-drop", client);
      dropping.failNext("pay", "accept-then-timeout");
      const error = await expectKind(
        client.payInvoice({ invoice, internalId: "cashout-drop", description: "cash-out" }),
        "transient",
        null,
      );
      expect(error.message).toMatch(/connection to ZBD failed while paying the invoice/);
      expect(dropping.payments()).toHaveLength(1);
    } finally {
      await dropping.close();
    }
  });

  it("close() cuts a held answer at once (the payment stays made), and its hangMs timer with it", async () => {
    const holding = await startZbdFake({ gamertags: ["hal"], hangMs: 60_000 });
    const client = createZbdClient({ apiKey: holding.apiKey, baseUrl: holding.url, timeoutMs: 60_000 });
    const { invoice } = await charge("hal", 1_000n, "cashout-held", client);
    holding.failNext("pay", "accept-then-timeout");
    const paying = client.payInvoice({ invoice, internalId: "cashout-held", description: "cash-out" });
    const outcome = paying.then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => holding.payments().length).toBe(1);
    const started = Date.now();
    await holding.close();
    const error = await outcome;
    expect(error).toBeInstanceOf(ZbdError);
    expect((error as ZbdError).kind).toBe("transient");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a payment that timed out before ZBD did anything is not made, and can be sent again", async () => {
    const { invoice } = await charge("hal", 3_000n, "cashout-timeout");
    fake.failNext("pay", "timeout");
    await expectKind(
      zbd.payInvoice({ invoice, internalId: "cashout-timeout", description: "cash-out" }),
      "transient",
      null,
    );
    expect(fake.payments()).toEqual([]);
    expect(await zbd.findPaymentByInternalId("cashout-timeout")).toBeNull();
    await zbd.payInvoice({ invoice, internalId: "cashout-timeout", description: "cash-out" });
    expect(fake.paidTo("hal")).toBe(3_000n);
  });

  it("a 5xx on any call is transient, with ZBD's message, and does nothing", async () => {
    const { invoice } = await charge("hal", 3_000n, "cashout-5xx");
    fake.failNext("any", "5xx", 6);
    const calls: [string, () => Promise<unknown>][] = [
      ["lookup", () => zbd.gamertagExists("hal")],
      ["charge", () => charge("hal", 3_000n, "cashout-5xx-b")],
      ["pay", () => zbd.payInvoice({ invoice, internalId: "cashout-5xx", description: "cash-out" })],
      ["payment", () => zbd.getPayment("fake-payment-1")],
      ["list", () => zbd.findPaymentByInternalId("cashout-5xx")],
      ["wallet", () => zbd.walletBalanceMsats()],
    ];
    const statuses: (number | null)[] = [];
    for (const [, run] of calls) {
      const error = await expectKind(run(), "transient");
      expect(error.message).toMatch(/^ZBD: (Internal server error|Service temporarily unavailable)$/);
      statuses.push(error.status);
    }
    expect(statuses).toEqual([500, 503, 500, 503, 500, 503]);
    expect(fake.payments()).toEqual([]);
    // The failures are used up: the same calls now go through.
    await zbd.payInvoice({ invoice, internalId: "cashout-5xx", description: "cash-out" });
    expect(fake.paidTo("hal")).toBe(3_000n);
  });

  it("each route's failure hits that route only", async () => {
    fake.failNext("wallet", "timeout");
    expect(await zbd.gamertagExists("hal")).toBe(true);
    await expectKind(zbd.walletBalanceMsats(), "transient", null);
    expect(await zbd.walletBalanceMsats()).toBe(fake.balance());
  });

  it("a timed-out charge is transient", async () => {
    fake.failNext("charge", "timeout");
    await expectKind(charge("hal", 1_000n, "cashout-c"), "transient", null);
  });

  it("a wrong API key is refused, readably, and pays nothing", async () => {
    const { invoice } = await charge("hal", 3_000n, "cashout-key");
    const wrongKey = createZbdClient({ apiKey: "not-the-key", baseUrl: fake.url, timeoutMs: TIMEOUT_MS });
    const error = await expectKind(
      wrongKey.payInvoice({ invoice, internalId: "cashout-key", description: "cash-out" }),
      "rejected",
      401,
    );
    expect(error.message).toBe("ZBD refused the API key (HTTP 401): Unauthorized: invalid or missing apikey");
    await expectKind(wrongKey.walletBalanceMsats(), "rejected", 401);
    expect(fake.payments()).toEqual([]);
  });

  it("no server at the address is transient", async () => {
    const gone = await startZbdFake();
    await gone.close();
    const client = createZbdClient({ apiKey: gone.apiKey, baseUrl: gone.url, timeoutMs: TIMEOUT_MS });
    const error = await expectKind(client.walletBalanceMsats(), "transient", null);
    expect(error.message).toMatch(/connection to ZBD failed while reading the wallet.s balance/);
  });

  it("an answer that is not ZBD's JSON is transient on a 2xx, and no gamertag verdict on a 404", async () => {
    let status = 200;
    const proxy = createServer((_request, response) => {
      response.writeHead(status, { "content-type": "text/html" });
      response.end("<html>gateway</html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const client = createZbdClient({ apiKey: "k", baseUrl: url, timeoutMs: TIMEOUT_MS });
      await expectKind(
        client.payInvoice({ invoice: "lnbc1", internalId: "i", description: "d" }),
        "transient",
        200,
      );
      status = 404;
      await expectKind(client.gamertagExists("satoshi"), "transient", 404);
      await expectKind(
        client.fetchCharge({ gamertag: "satoshi", amountMsats: 1n, description: "d", internalId: "i" }),
        "rejected",
        404,
      );
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
