// Client-side checks with the server's own schemas, so both sides say the same words.
import { type SignInBody, type SignUpBody, signInBody, signUpBody } from "@bot-arena/contract";

export type AuthMode = "sign-in" | "sign-up";
export type AuthField = "username" | "email" | "password";
export type AuthValues = Record<AuthField, string>;
export type FieldErrors = Partial<Record<AuthField, string>>;

export type AuthCheck =
  | { ok: true; mode: "sign-in"; body: SignInBody }
  | { ok: true; mode: "sign-up"; body: SignUpBody }
  | { ok: false; fields: FieldErrors; first: string };

const fieldOrder: AuthField[] = ["username", "email", "password"];

function isAuthField(value: unknown): value is AuthField {
  return fieldOrder.includes(value as AuthField);
}

export function validateAuth(mode: AuthMode, values: AuthValues): AuthCheck {
  if (mode === "sign-in") {
    const result = signInBody.safeParse({ email: values.email, password: values.password });
    if (result.success) return { ok: true, mode, body: result.data };
    return failure(result.error.issues);
  }
  const result = signUpBody.safeParse(values);
  if (result.success) return { ok: true, mode, body: result.data };
  return failure(result.error.issues);
}

function failure(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): AuthCheck {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    // The first problem per field is the one worth reading; zod reports "required" before "too short".
    if (isAuthField(field) && !fields[field]) fields[field] = issue.message;
  }
  const first = fieldOrder.map((field) => fields[field]).find(Boolean) ?? issues[0]?.message ?? "";
  return { ok: false, fields, first };
}

/** Maps the server's `fields` (dotted paths) onto the form's fields. */
export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split(".")[0];
    if (isAuthField(field) && !out[field]) out[field] = message;
  }
  return out;
}
