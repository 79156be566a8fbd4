// A fake ZBD for tests: a real HTTP server on a free port of 127.0.0.1 that answers ZBD's v0 calls in ZBD's
// shapes (`{ success, message?, data? }`, amounts as decimal strings of msats), checks the `apikey` header, and
// keeps a ledger of its own. It lives in the test's process; game servers started as child processes reach it
// over HTTP at `url`.
//
// It enforces what ZBD and Lightning would: an unknown gamertag is a 404; each charge is a fresh invoice for its
// gamertag and amount; an invoice is paid once at most, and an internalId used once at most (a second try is a
// 400, never a second payment); a payment above the balance is a 400 and pays nothing. A payment's amount leaves
// the balance when it is accepted (held while pending, as a wallet does), so balance() is what could still be paid.
//
// Failures are injected per route with failNext: a 5xx that does nothing, a request that gets no answer and does
// nothing ("timeout"), or one that does its work and then gets no answer ("accept-then-timeout"), the case where
// the caller cannot know whether it paid.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakePayment = {
  id: string;
  internalId: string | null;
  invoice: string;
  gamertag: string;
  amountMsats: bigint;
  status: "pending" | "completed" | "failed";
  createdAt: number;
};

export type FailureMode = "5xx" | "accept-then-timeout" | "timeout";

export type FakeRoute = "pay" | "charge" | "lookup" | "payment" | "list" | "wallet";

export type ZbdFake = {
  /** http://127.0.0.1:<port>, the base URL to give the client. */
  url: string;
  apiKey: string;
  addGamertag(tag: string): void;
  removeGamertag(tag: string): void;
  setBalance(msats: bigint): void;
  balance(): bigint;
  /** Every payment the fake accepted, in order. */
  payments(): FakePayment[];
  /** The sum of completed payments to the gamertag. */
  paidTo(gamertag: string): bigint;
  /**
   * The next `count` requests to `route` fail in this way. "accept-then-timeout": the payment is made and
   * recorded, but the answer never comes (the socket is held open until close(), or for `hangMs`); "timeout":
   * nothing is done and no answer comes; "5xx": 500/503 with a JSON body, nothing done.
   */
  failNext(route: FakeRoute | "any", mode: FailureMode, count?: number): void;
  /** When set, new payments start "pending" and complete on the n-th GET of them (default: they complete at once). */
  settleAfterLookups(n: number | null): void;
  /** Every request that reached the fake, with its parsed JSON body (or its text, or null). */
  requests(): { method: string; path: string; body: unknown }[];
  /** Closes the server and destroys held sockets, no timers left behind. */
  close(): Promise<void>;
};

type Invoice = {
  request: string;
  gamertag: string;
  amountMsats: bigint;
  internalId: string | null;
  description: string;
  expiresAt: string;
  paid: boolean;
};

type Held = {
  payment: FakePayment;
  lookups: number;
  settleAfter: number | null;
  description: string;
  preimage: string;
};

const CHARGE_SECONDS = 300;

export async function startZbdFake(
  options: {
    apiKey?: string;
    balanceMsats?: bigint;
    gamertags?: string[];
    /** How long a request that gets no answer holds its socket before it is destroyed; default: until close(). */
    hangMs?: number;
    /** Charges answer `invoice: { request, uri }` instead of `invoiceRequest`, as some versions of ZBD do. */
    chargeShape?: "invoiceRequest" | "invoice-object";
  } = {},
): Promise<ZbdFake> {
  const apiKey = options.apiKey ?? "zbd-fake-key";
  const gamertags = new Set(options.gamertags ?? []);
  let balance = options.balanceMsats ?? 1_000_000_000n;
  let settleAfter: number | null = null;
  let nextId = 1;
  let fivexx = 0;
  const invoices = new Map<string, Invoice>();
  const ledger: Held[] = [];
  const byId = new Map<string, Held>();
  const usedInternalIds = new Set<string>();
  const failures: { route: FakeRoute | "any"; mode: FailureMode; left: number }[] = [];
  const log: { method: string; path: string; body: unknown }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const wirePayment = ({ payment, description, preimage }: Held) => ({
    id: payment.id,
    fee: "0",
    unit: "msats",
    amount: payment.amountMsats.toString(),
    invoice: payment.invoice,
    preimage: payment.status === "completed" ? preimage : null,
    internalId: payment.internalId,
    processedAt: new Date(payment.createdAt).toISOString(),
    confirmedAt: payment.status === "completed" ? new Date(payment.createdAt).toISOString() : null,
    description,
    // ZBD's own word for a failed payment.
    status: payment.status === "failed" ? "error" : payment.status,
  });

  /** Takes the failure waiting for this route, if any. */
  function failureFor(route: FakeRoute | null): FailureMode | null {
    const index = failures.findIndex((f) => f.route === "any" || f.route === route);
    if (index < 0) return null;
    const failure = failures[index]!;
    failure.left -= 1;
    if (failure.left <= 0) failures.splice(index, 1);
    return failure.mode;
  }

  /** The answer never comes: the socket stays open until close(), or for hangMs. */
  function hold(response: ServerResponse) {
    if (options.hangMs !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.socket?.destroy();
      }, options.hangMs);
      timers.add(timer);
    }
  }

  type Reply = { status: number; body: Record<string, unknown> };
  const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
  const no = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

  function handle(route: FakeRoute | null, method: string, path: string, body: unknown): Reply {
    const input = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    switch (route) {
      case "lookup": {
        const tag = decodeURIComponent(path.slice("/v0/user-id/gamertag/".length));
        if (!gamertags.has(tag)) return no(404, `No user found with gamertag ${tag}`);
        return ok({ id: `user-${Buffer.from(tag).toString("hex")}` });
      }
      case "charge": {
        const { amount, gamertag, description, internalId } = input;
        if (typeof gamertag !== "string" || !gamertags.has(gamertag)) {
          return no(404, `No user found with gamertag ${String(gamertag)}`);
        }
        if (typeof amount !== "string" || !/^[1-9]\d*$/.test(amount)) {
          return no(400, "amount must be a positive whole number of msats, as a string");
        }
        const request = `lnbcfake${hex(20)}`;
        const expiresAt = new Date(Date.now() + CHARGE_SECONDS * 1000).toISOString();
        const invoice: Invoice = {
          request,
          gamertag,
          amountMsats: BigInt(amount),
          internalId: typeof internalId === "string" ? internalId : null,
          description: typeof description === "string" ? description : "",
          expiresAt,
          paid: false,
        };
        invoices.set(request, invoice);
        const bolt11 =
          options.chargeShape === "invoice-object"
            ? { invoice: { request, uri: `lightning:${request}` } }
            : { invoiceRequest: request };
        return ok({
          ...bolt11,
          invoiceExpiresAt: expiresAt,
          unit: "msats",
          amount,
          status: "pending",
          internalId: invoice.internalId,
          description: invoice.description,
        });
      }
      case "pay": {
        const { invoice: request, internalId, description } = input;
        const invoice = typeof request === "string" ? invoices.get(request) : undefined;
        if (!invoice) return no(400, "Invalid invoice: it could not be decoded");
        if (invoice.paid) return no(400, "Invoice already paid");
        if (typeof internalId === "string" && usedInternalIds.has(internalId)) {
          return no(400, `Duplicate internalId: a payment with internalId ${internalId} already exists`);
        }
        if (balance < invoice.amountMsats) {
          return no(400, "Insufficient balance in the project wallet to make this payment");
        }
        balance -= invoice.amountMsats;
        invoice.paid = true;
        if (typeof internalId === "string") usedInternalIds.add(internalId);
        const entry: Held = {
          payment: {
            id: `fake-payment-${nextId++}`,
            internalId: typeof internalId === "string" ? internalId : null,
            invoice: invoice.request,
            gamertag: invoice.gamertag,
            amountMsats: invoice.amountMsats,
            status: settleAfter === null ? "completed" : "pending",
            createdAt: Date.now(),
          },
          lookups: 0,
          settleAfter,
          description: typeof description === "string" ? description : invoice.description,
          preimage: hex(32),
        };
        ledger.push(entry);
        byId.set(entry.payment.id, entry);
        return ok(wirePayment(entry));
      }
      case "payment": {
        const entry = byId.get(decodeURIComponent(path.slice("/v0/payments/".length)));
        if (!entry) return no(404, "Payment not found");
        entry.lookups += 1;
        if (
          entry.payment.status === "pending" &&
          entry.settleAfter !== null &&
          entry.lookups >= entry.settleAfter
        ) {
          entry.payment.status = "completed";
        }
        return ok(wirePayment(entry));
      }
      case "list":
        return ok(ledger.map(wirePayment));
      case "wallet":
        return ok({ unit: "msats", balance: balance.toString() });
      default:
        return no(404, `Cannot ${method} ${path}`);
    }
  }

  const server = createServer((request, response) => {
    void readBody(request).then(
      (body) => {
        const method = request.method ?? "GET";
        const path = (request.url ?? "/").split("?")[0]!;
        log.push({ method, path, body });
        const route = routeOf(method, path);
        const failure = route === null ? null : failureFor(route);
        if (failure === "timeout") return hold(response);
        if (failure === "5xx") {
          fivexx += 1;
          const status = fivexx % 2 === 1 ? 500 : 503;
          return send(response, status, {
            success: false,
            message: status === 500 ? "Internal server error" : "Service temporarily unavailable",
          });
        }
        const reply =
          request.headers.apikey === apiKey
            ? handle(route, method, path, body)
            : no(401, "Unauthorized: invalid or missing apikey");
        if (failure === "accept-then-timeout") return hold(response);
        send(response, reply.status, reply.body);
      },
      () => response.destroy(),
    );
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    addGamertag: (tag) => void gamertags.add(tag),
    removeGamertag: (tag) => void gamertags.delete(tag),
    setBalance(msats) {
      balance = msats;
    },
    balance: () => balance,
    payments: () => ledger.map(({ payment }) => ({ ...payment })),
    paidTo: (gamertag) =>
      ledger
        .filter(({ payment }) => payment.gamertag === gamertag && payment.status === "completed")
        .reduce((sum, { payment }) => sum + payment.amountMsats, 0n),
    failNext(route, mode, count = 1) {
      failures.push({ route, mode, left: count });
    },
    settleAfterLookups(n) {
      settleAfter = n;
    },
    requests: () => log.map((entry) => ({ ...entry })),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function routeOf(method: string, path: string): FakeRoute | null {
  if (method === "GET" && path.startsWith("/v0/user-id/gamertag/")) return "lookup";
  if (method === "POST" && path === "/v0/gamertag/charges") return "charge";
  if (method === "POST" && path === "/v0/payments") return "pay";
  if (method === "GET" && path === "/v0/payments") return "list";
  if (method === "GET" && path.startsWith("/v0/payments/")) return "payment";
  if (method === "GET" && path === "/v0/wallet") return "wallet";
  return null;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return null;
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}
