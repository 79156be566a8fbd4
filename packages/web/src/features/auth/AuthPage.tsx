// /auth: sign in or create an account. A visitor who already has a session goes to /dashboard.
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, Lock, Mail, ShieldCheck, User } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError, errorMessage } from "../../app/api";
import { applySession, useMe, useSignIn, useSignUp } from "../../app/session";
import { Brand } from "../../app/shell/Brand";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { useHydrated } from "../../ui/useHydrated";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  type AuthMode,
  type AuthValues,
  type FieldErrors,
  serverFieldErrors,
  validateAuth,
} from "./validate";

const emptyValues: AuthValues = { username: "", email: "", password: "" };

export default function AuthPage() {
  const [mode, setMode] = useState<AuthMode>("sign-in");
  const [values, setValues] = useState<AuthValues>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const me = useMe();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set once this form signs someone in, so the signed-in redirect does not race the form's own.
  const authenticated = useRef(false);
  const busy = signIn.isPending || signUp.isPending;
  const hydrated = useHydrated();
  const signingUp = mode === "sign-up";
  usePageTitle(signingUp ? "Create Account" : "Sign In");

  if (me.data && !authenticated.current) return <Navigate to="/dashboard" replace />;

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
    if (busy) return;
    const check = validateAuth(mode, values);
    if (!check.ok) {
      setErrors(check.fields);
      toast.error(check.first);
      return;
    }
    setErrors({});
    try {
      const player =
        check.mode === "sign-in"
          ? await signIn.mutateAsync(check.body)
          : await signUp.mutateAsync(check.body);
      authenticated.current = true;
      // The session goes into the cache before navigating: the shell's guard reads it on arrival.
      applySession(queryClient, player);
      toast.success(check.mode === "sign-in" ? "Welcome back!" : "Account created! Redirecting...");
      await navigate(check.mode === "sign-in" ? "/dashboard" : "/create-bot", { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.fields));
      toast.error(errorMessage(error, "Authentication failed"));
    }
  };

  return (
    <div className="relative grid min-h-[calc(100dvh-6rem)] place-items-center overflow-hidden px-4 py-6 sm:py-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_center,black_20%,transparent_70%)]"
      />
      <div className="relative w-full max-w-md">
        <div className="mb-5 flex justify-center">
          <Brand />
        </div>
        <Panel>
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
          <form noValidate onSubmit={submit} className="mt-6" aria-busy={busy}>
            <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-4 border-0 p-0">
              {signingUp && (
                <Field
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
        </Panel>
      </div>
    </div>
  );
}
