// The sign-in / sign-up form: the part of /auth a visitor uses. It needs neither the router nor the query cache, so
// /auth's own entry hydrates it before the app has loaded (formIsland.tsx); a success is handed to the app
// (signedIn.ts). The contract's schemas (zod) load when the form is first touched, since only a submit needs them.
import { KeyRound, Lock, Mail, ShieldCheck, User } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { toastSoon } from "../../app/toastSoon";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Input";
import { useHydrated } from "../../ui/useHydrated";
import { usePageTitle } from "../../ui/usePageTitle";
import { finishSignIn } from "./signedIn";
import type { AuthMode, AuthValues, FieldErrors } from "./validate";

const emptyValues: AuthValues = { username: "", email: "", password: "" };
const loadValidation = () => import("./validate");

export function AuthForm() {
  const [mode, setMode] = useState<AuthMode>("sign-in");
  const [values, setValues] = useState<AuthValues>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A submit waiting for the schemas to load is already a submit: a second press does nothing.
  const submitting = useRef(false);
  const hydrated = useHydrated();
  const signingUp = mode === "sign-up";
  usePageTitle(signingUp ? "Create Account" : "Sign In");

  const set = (field: keyof AuthValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const switchMode = () => {
    setMode(signingUp ? "sign-in" : "sign-up");
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      const { validateAuth, serverFieldErrors } = await loadValidation();
      const check = validateAuth(mode, values);
      if (!check.ok) {
        setErrors(check.fields);
        toastSoon((toast) => toast.error(check.first));
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        const player =
          check.mode === "sign-in"
            ? await call("signIn", { body: check.body })
            : await call("signUp", { body: check.body });
        // Stays busy: the page goes on from here, and a second press must not sign in twice.
        finishSignIn({ player, mode: check.mode });
      } catch (error) {
        setBusy(false);
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.fields));
        toastSoon((toast) => toast.error(errorMessage(error, "Authentication failed")));
      }
    } finally {
      submitting.current = false;
    }
  };

  return (
    <>
      <div className="text-center">
        <span
          aria-hidden="true"
          className="mx-auto grid size-14 place-items-center rounded-full border border-cyan/50 bg-cyan/10 text-cyan shadow-neon-cyan"
        >
          {signingUp ? <ShieldCheck className="size-7" /> : <KeyRound className="size-7" />}
        </span>
        <h1 className="mt-4 text-2xl font-black uppercase text-ink">
          {signingUp ? "New Pilot" : "Pilot Login"}
        </h1>
        <p className="mt-1 text-muted">
          {signingUp ? "Register as a pilot and claim your first bot." : "Access your command center."}
        </p>
      </div>
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => void loadValidation()}
        className="mt-6"
        aria-busy={busy}
      >
        <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-4 border-0 p-0">
          {/* Fixed ids: the form is hydrated in a root of its own, where useId would not give the prerender's. */}
          {signingUp && (
            <Field
              id="auth-username"
              label="Username"
              name="username"
              autoComplete="username"
              icon={<User className="size-4" />}
              value={values.username}
              onChange={set("username")}
              error={errors.username}
              maxLength={60}
            />
          )}
          <Field
            id="auth-email"
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            icon={<Mail className="size-4" />}
            value={values.email}
            onChange={set("email")}
            error={errors.email}
          />
          <Field
            id="auth-password"
            label="Password"
            name="password"
            type="password"
            autoComplete={signingUp ? "new-password" : "current-password"}
            icon={<Lock className="size-4" />}
            value={values.password}
            onChange={set("password")}
            error={errors.password}
          />
          <Button type="submit" size="lg" className="w-full" busy={busy}>
            {busy ? "Processing..." : signingUp ? "Create Account" : "Sign In"}
          </Button>
        </fieldset>
      </form>
      <p className="mt-6 text-center">
        <button
          type="button"
          onClick={switchMode}
          disabled={!hydrated}
          className="cursor-pointer rounded-sm font-semibold text-cyan underline-offset-4 transition hover:text-magenta hover:underline"
        >
          {signingUp ? "Already have an account? Sign in" : "Don't have an account? Sign up"}
        </button>
      </p>
    </>
  );
}
