// The one way the app talks HTTP to the server: same-origin cookies, JSON both ways, and every
// refusal turned into an ApiError carrying the server's { error: { code, message, fields } }.
import type { ErrorBody } from "@bot-arena/contract";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** False when the message is ours (network down, a proxy's HTML page), not the server's text. */
    readonly fromServer: boolean,
    readonly fields: Record<string, string> | undefined = undefined,
    /** A 429's Retry-After, when the server sent one: when the request may be made again. */
    readonly retryAfterMs: number | undefined = undefined,
  ) {
    super(message);
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

/** Retry-After in seconds (the server never sends a date), as ms; undefined when absent or unreadable. */
function retryAfterOf(header: string | null | undefined): number | undefined {
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** Builds the error for a non-2xx answer from its status, whatever body could be parsed and its Retry-After. */
export function toApiError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const retryAfterMs = retryAfterOf(retryAfter);
  if (isErrorBody(body)) {
    return new ApiError(status, body.error.code, body.error.message, true, body.error.fields, retryAfterMs);
  }
  return new ApiError(status, `HTTP_${status}`, `Request failed (${status})`, false, undefined, retryAfterMs);
}

/** The text a toast shows for a failure: the server's message when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : fallback;
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The header the server keeps a state change's answer under (the contract's IDEMPOTENCY_KEY_HEADER, written
 * out here so the main chunk imports no value from the contract).
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/**
 * A state change that met a 503 or no answer at all is sent again after these waits, with the same key: the
 * server acts on a key once, so a change that committed before its answer was lost is answered, not repeated.
 */
export const RETRY_DELAYS_MS = [300, 1_000];

/** A fresh key per action; randomUUID exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  // A FormData body (an upload) sets its own multipart type and boundary.
  const form = body instanceof FormData;
  // Only a request with a body says it is JSON: Fastify refuses an empty body labelled application/json.
  if (body !== undefined && !form) headers["content-type"] = "application/json";
  const changes = method !== "GET";
  if (changes) headers[IDEMPOTENCY_KEY_HEADER] = newIdempotencyKey();
  const init: RequestInit = {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? null : form ? body : JSON.stringify(body),
    signal: signal ?? null,
  };
  let response: Response | null = null;
  // Reads are retried by TanStack Query; a state change here, with its one key, whatever screen sent it.
  const waits = changes ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(path, init);
    } catch (cause) {
      if (isAbort(cause)) throw cause;
      response = null;
    }
    const wait = waits[attempt];
    if ((response === null || response.status === 503) && wait !== undefined) {
      await sleep(wait, signal);
      continue;
    }
    break;
  }
  if (response === null) throw new ApiError(0, "NETWORK", "Network error", false);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed, response.headers.get("retry-after"));
  return parsed as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
  /** A multipart upload: the form's fields and file. */
  postForm: <T>(path: string, form: FormData) => request<T>("POST", path, form),
};
