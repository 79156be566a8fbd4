// The public shell of / and /auth (and the not-found page): no navigation bar, ad banners top and bottom. A
// signed-in player who lands on the not-found page keeps the navigation bar, so the way on is one click.
import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { AdSlot } from "../features/ads/AdSlot";
import { ScreenLoader } from "./ScreenState";
import { Footer } from "./shell/Footer";

// Loaded only on the not-found page: the landing and /auth download neither it nor the session's code.
const PlayersNavBar = lazy(() => import("./shell/PlayersNavBar"));

export function PublicLayout() {
  const { pathname } = useLocation();
  const notFound = pathname !== "/" && pathname !== "/auth";
  return (
    <div className="flex min-h-dvh flex-col">
      {notFound && (
        <Suspense fallback={null}>
          <PlayersNavBar />
        </Suspense>
      )}
      <AdSlot placement="top" className="mx-auto w-full max-w-7xl px-4 pt-3" />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AdSlot placement="bottom" className="mx-auto w-full max-w-7xl px-4 pb-3" />
      <Footer />
    </div>
  );
}
