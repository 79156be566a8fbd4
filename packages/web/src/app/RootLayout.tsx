// Everything outside the route's own page that lives for the whole visit: the music player (so music
// keeps playing across navigation), the live socket, toasts and scroll restoration.
import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import { LiveSession } from "./LiveSession";
import { useFocusOnNavigate } from "./useFocusOnNavigate";

const MusicPlayer = lazy(() => import("../features/music/MusicPlayer"));

export function RootLayout() {
  useFocusOnNavigate();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-cyan px-4 py-2 font-bold text-void focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Outlet />
      <LiveSession />
      <Suspense fallback={null}>
        <MusicPlayer />
      </Suspense>
      <Toaster theme="dark" position="top-right" richColors offset={{ top: 76 }} mobileOffset={{ top: 72 }} />
      <ScrollRestoration />
    </>
  );
}
