// The public shell of / and /auth (and the not-found page): no navigation bar, ad banners top and bottom.
import { Suspense } from "react";
import { Outlet } from "react-router";
import { AdSlot } from "../features/ads/AdSlot";
import { ScreenLoader } from "./ScreenState";
import { Footer } from "./shell/Footer";

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
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
