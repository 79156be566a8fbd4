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

/** Builds the error for a non-2xx answer from its status and whatever body could be parsed. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(status, body.error.code, body.error.message, true, body.error.fields);
  }
  return new ApiError(status, `HTTP_${status}`, `Request failed (${status})`, false);
}

/** The text a toast shows for a failure: the server's message when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : fallback;
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? null : form ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "NETWORK", "Network error", false);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
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
