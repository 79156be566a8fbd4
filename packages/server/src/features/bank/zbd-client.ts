// The ZBD API client that cash-outs pay through: a player's vault coins go to their ZBD gamertag as Bitcoin over
// Lightning. Paying a gamertag takes two calls: ZBD makes an invoice (a charge) for the gamertag and amount, and
// the project's wallet pays it. A Lightning invoice can be paid only once, and ZBD refuses a second payment with
// an internalId it has seen, so a payment that is sent again after a crash or a lost answer is refused rather than
// made twice. That is why nothing here retries: the payout runner retries from its database row, after looking
// the payment up by its internalId.
//
// Plain `fetch`, not ZBD's SDK (@zbddev/payments-sdk 1.7.0): every one of the SDK's methods is typed
// `APIPromise<void>`, so each answer would have to be checked by hand here all the same, and it has no call for
// the payments list (GET /v0/payments) that the crash recovery needs. What it would add, its retries, is what
// we must turn off.
//
// Amounts are millisatoshis: bigint here, decimal strings on the wire, never a Number (msats can pass 2^53).

export type ZbdPaymentStatus = "pending" | "completed" | "failed";

export type ZbdPayment = {
  id: string;
  internalId: string | null;
  status: ZbdPaymentStatus;
  amountMsats: bigint;
  /** Why ZBD says it failed, for a failed payment; null otherwise. */
  failureReason: string | null;
};

export type ZbdErrorKind =
  /** 5xx, network error, timeout, unparseable answer: outcome unknown, retry later (after looking the payment up). */
  | "transient"
  /** The gamertag does not exist (404 on lookup or charge). */
  | "unknown-gamertag"
  /** The project wallet has too little to pay. */
  | "insufficient-balance"
  /** The invoice was paid already, or a payment with this internalId exists. */
  | "already-paid"
  /** Any other 4xx: permanent, with ZBD's message. */
  | "rejected";

export class ZbdError extends Error {
  override readonly name = "ZbdError";
  readonly kind: ZbdErrorKind;
  /** The HTTP status of ZBD's answer; null when none came (network error, timeout). */
  readonly status: number | null;

  constructor(
    kind: ZbdErrorKind,
    message: string,
    status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.kind = kind;
    this.status = status;
  }
}

export type ZbdClient = {
  /** False only for a definite "no such gamertag"; throws ZbdError("transient") otherwise. */
  gamertagExists(gamertag: string): Promise<boolean>;
  /** An invoice for `amountMsats` to the gamertag, from ZBD. */
  fetchCharge(input: {
    gamertag: string;
    amountMsats: bigint;
    description: string;
    internalId: string;
  }): Promise<{ invoice: string; expiresAt: string | null }>;
  /** Pays the invoice from the project's wallet, once: a second try answers "already-paid". */
  payInvoice(input: { invoice: string; internalId: string; description: string }): Promise<ZbdPayment>;
  getPayment(id: string): Promise<ZbdPayment>;
  /** The payment made with this internalId, or null when ZBD lists none (after a crash or a lost answer). */
  findPaymentByInternalId(internalId: string): Promise<ZbdPayment | null>;
  walletBalanceMsats(): Promise<bigint>;
};

export const DEFAULT_ZBD_TIMEOUT_MS = 10_000;

/** What a call does, in words for an error message. */
type Call = {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  doing: string;
  /** The call names a gamertag: a 404 (or ZBD's "not found") means no such gamertag. */
  aboutGamertag?: boolean;
};

type Answer = { status: number; data: unknown; message: string | null };

const ALREADY_PAID = /already\s+(been\s+)?paid|duplicate|already\s+(exists|used|in use)/i;
const INSUFFICIENT = /balance|funds|insufficient/i;
const NO_SUCH_GAMERTAG =
  /\b(no|unknown|invalid)\s+(such\s+)?(user|gamertag)|(gamertag|user)\b.*\b(not\s+found|does\s*n[o']t\s+exist)/i;

export function createZbdClient(options: { apiKey: string; baseUrl: string; timeoutMs?: number }): ZbdClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_ZBD_TIMEOUT_MS;

  async function call(request: Call): Promise<Answer> {
    const headers: Record<string, string> = { apikey: options.apiKey, accept: "application/json" };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    let status: number;
    let text: string;
    try {
      const response = await fetch(baseUrl + request.path, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // A redirect is answered as it is: fetch would send a POST on to wherever it points.
        redirect: "manual",
        // Covers the body too: an answer that stops half-way is as unknown as one that never came.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ZbdError(
        "transient",
        timedOut
          ? `ZBD did not answer within ${timeoutMs} ms while ${request.doing}`
          : `The connection to ZBD failed while ${request.doing}: ${reasonOf(error)}`,
        null,
        { cause: error },
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const envelope = isObject(body) ? body : null;
    const message = messageOf(envelope);

    if (status >= 200 && status < 300) {
      if (envelope?.success === true) return { status, data: envelope.data, message };
      // A 2xx we cannot read may have done the thing: the outcome is unknown.
      if (envelope?.success !== false) throw unreadable(request.doing, status);
    }
    if (status >= 300 && status < 400) {
      throw new ZbdError(
        "rejected",
        `ZBD answered ${status} (a redirect) while ${request.doing}: check its base URL`,
        status,
      );
    }
    throw classify(request, status, message, envelope !== null);
  }

  return {
    async gamertagExists(gamertag) {
      try {
        const answer = await call({
          method: "GET",
          path: `/v0/user-id/gamertag/${encodeURIComponent(gamertag)}`,
          doing: `looking up the gamertag ${gamertag}`,
          aboutGamertag: true,
        });
        if (!isObject(answer.data) || typeof answer.data.id !== "string" || !answer.data.id) {
          throw new ZbdError(
            "transient",
            `ZBD gave an answer that could not be read while looking up ${gamertag}`,
            200,
          );
        }
        return true;
      } catch (error) {
        if (!(error instanceof ZbdError)) throw error;
        if (error.kind === "unknown-gamertag") return false;
        // Anything else leaves the question open: the caller asks again later.
        throw error.kind === "transient"
          ? error
          : new ZbdError("transient", error.message, error.status, { cause: error });
      }
    },

    async fetchCharge({ gamertag, amountMsats, description, internalId }) {
      if (amountMsats <= 0n)
        throw new ZbdError("rejected", `A charge needs a positive amount, not ${amountMsats} msats`);
      const doing = `asking for an invoice to ${gamertag}`;
      const answer = await call({
        method: "POST",
        path: "/v0/gamertag/charges",
        body: { amount: amountMsats.toString(), gamertag, description, internalId },
        doing,
        aboutGamertag: true,
      });
      const data = isObject(answer.data) ? answer.data : {};
      const nested = isObject(data.invoice) ? data.invoice.request : undefined;
      const invoice = typeof data.invoiceRequest === "string" ? data.invoiceRequest : nested;
      if (typeof invoice !== "string" || !invoice) throw unreadable(doing, answer.status);
      if (data.amount !== undefined) {
        // Never pay an invoice for another amount than the one asked for.
        const charged = msats(data.amount);
        if (charged === null) throw unreadable(doing, answer.status);
        if (charged !== amountMsats) {
          throw new ZbdError(
            "rejected",
            `ZBD's invoice to ${gamertag} is for ${charged} msats, not the ${amountMsats} asked for`,
            answer.status,
          );
        }
      }
      const expiresAt = stringOrNull(data.invoiceExpiresAt) ?? stringOrNull(data.expiresAt);
      return { invoice, expiresAt };
    },

    async payInvoice({ invoice, internalId, description }) {
      const doing = "paying the invoice";
      const answer = await call({
        method: "POST",
        path: "/v0/payments",
        body: { invoice, internalId, description },
        doing,
      });
      return payment(answer.data, answer.message) ?? throwUnreadable(doing, answer.status);
    },

    async getPayment(id) {
      const doing = `reading the payment ${id}`;
      const answer = await call({ method: "GET", path: `/v0/payments/${encodeURIComponent(id)}`, doing });
      return payment(answer.data, answer.message) ?? throwUnreadable(doing, answer.status);
    },

    async findPaymentByInternalId(internalId) {
      const doing = "listing the payments";
      const answer = await call({ method: "GET", path: "/v0/payments", doing });
      const list = paymentList(answer.data);
      if (!list) throw unreadable(doing, answer.status);
      const found: ZbdPayment[] = [];
      for (const entry of list) {
        if (!isObject(entry) || entry.internalId !== internalId) continue;
        found.push(payment(entry, null) ?? throwUnreadable(doing, answer.status));
      }
      // There should be one at most (ZBD refuses a second): if not, the one that went through tells the most.
      const rank = { completed: 0, pending: 1, failed: 2 } as const;
      found.sort((a, b) => rank[a.status] - rank[b.status]);
      return found[0] ?? null;
    },

    async walletBalanceMsats() {
      const doing = "reading the wallet's balance";
      const answer = await call({ method: "GET", path: "/v0/wallet", doing });
      const balance = isObject(answer.data) ? msats(answer.data.balance) : null;
      return balance ?? throwUnreadable(doing, answer.status);
    },
  };
}

/** The error for ZBD's refusal (`success: false`, or a status that is no 2xx). */
function classify(request: Call, status: number, message: string | null, readable: boolean): ZbdError {
  const said = message ?? `ZBD refused (HTTP ${status}) while ${request.doing}`;
  if (status >= 500 || status === 408 || status === 429) {
    return new ZbdError(
      "transient",
      message ? `ZBD: ${message}` : `ZBD failed (HTTP ${status}) while ${request.doing}`,
      status,
    );
  }
  if (status === 401 || status === 403) {
    return new ZbdError(
      "rejected",
      `ZBD refused the API key (HTTP ${status})${message ? `: ${message}` : ""}`,
      status,
    );
  }
  if (message && ALREADY_PAID.test(message)) return new ZbdError("already-paid", said, status);
  if (message && INSUFFICIENT.test(message)) return new ZbdError("insufficient-balance", said, status);
  // Only from ZBD's own answer: a proxy's 404 page says nothing about the gamertag.
  if (readable && request.aboutGamertag && (status === 404 || (message && NO_SUCH_GAMERTAG.test(message)))) {
    return new ZbdError("unknown-gamertag", said, status);
  }
  return new ZbdError("rejected", said, status);
}

/** A payment as ZBD sends it, or null when it is not one. */
function payment(data: unknown, message: string | null): ZbdPayment | null {
  if (!isObject(data) || typeof data.id !== "string" || !data.id) return null;
  const amountMsats = msats(data.amount);
  if (amountMsats === null) return null;
  const status = paymentStatus(data.status);
  const internalId = typeof data.internalId === "string" && data.internalId ? data.internalId : null;
  const failureReason =
    status !== "failed"
      ? null
      : (stringOrNull(data.failureReason) ??
        stringOrNull(data.errorMessage) ??
        message ??
        `ZBD reports the payment as ${String(data.status)}`);
  return { id: data.id, internalId, status, amountMsats, failureReason };
}

/** ZBD's statuses in three. One we do not know stays pending: "failed" would give the coins back. */
function paymentStatus(status: unknown): ZbdPaymentStatus {
  const value = typeof status === "string" ? status.toLowerCase() : "";
  if (value === "completed") return "completed";
  if (value === "error" || value === "failed" || value === "expired") return "failed";
  return "pending";
}

function paymentList(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  if (isObject(data)) {
    for (const key of ["payments", "items", "data"]) {
      const inner = data[key];
      if (Array.isArray(inner)) return inner;
    }
  }
  return null;
}

/** Millisatoshis from a decimal string (or a whole number small enough to be exact), else null. */
function msats(value: unknown): bigint | null {
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return BigInt(value.trim());
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

function unreadable(doing: string, status: number): ZbdError {
  return new ZbdError("transient", `ZBD gave an answer that could not be read while ${doing}`, status);
}

function throwUnreadable(doing: string, status: number): never {
  throw unreadable(doing, status);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value ? value : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** ZBD's own words: `message`, or `error` as some of its answers (and gateways) name it. */
function messageOf(envelope: Record<string, unknown> | null): string | null {
  for (const key of ["message", "error"]) {
    const value = envelope?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : null;
  return cause ? `${error.message} (${cause})` : error.message;
}
