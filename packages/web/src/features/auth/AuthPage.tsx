// /auth: sign in or create an account. A visitor who already has a session goes to /dashboard. The form itself runs
// in a root of its own (formIsland.tsx); this page takes its successes (signedIn.ts) into the app.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Navigate, useNavigate } from "react-router";
import { applySession, useMe } from "../../app/session";
import { Brand } from "../../app/shell/Brand";
import { toastSoon } from "../../app/toastSoon";
import { Panel } from "../../ui/Panel";
import { useHydrated } from "../../ui/useHydrated";
import { AuthFormHost } from "./formIsland";
import { signInWaiting, takeSignIns } from "./signedIn";

export default function AuthPage() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set once the form signs someone in, so the signed-in redirect does not race the form's own.
  const authenticated = useRef(false);
  const hydrated = useHydrated();

  useEffect(
    () =>
      takeSignIns(({ player, mode }) => {
        authenticated.current = true;
        // The session goes into the cache before navigating: the shell's guard reads it on arrival.
        applySession(queryClient, player);
        toastSoon((toast) =>
          toast.success(mode === "sign-in" ? "Welcome back!" : "Account created! Redirecting..."),
        );
        void navigate(mode === "sign-in" ? "/dashboard" : "/create-bot", { replace: true });
      }),
    [navigate, queryClient],
  );

  // Not while hydrating: the prerendered page had no player, and the page's part of it may hydrate after the
  // session has answered (React hydrates a Suspense boundary's content after the rest), so it must draw the same.
  if (hydrated && me.data && !authenticated.current && !signInWaiting())
    return <Navigate to="/dashboard" replace />;

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
          <AuthFormHost />
        </Panel>
      </div>
    </div>
  );
}
