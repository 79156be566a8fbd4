// The signed-in shell: navigation bar, ad banners, the page, and the footer.
import { Suspense } from "react";
import { Outlet } from "react-router";
import { AdSlot } from "../features/ads/AdSlot";
import { ScreenLoader } from "./ScreenState";
import { Footer } from "./shell/Footer";
import { NavBar } from "./shell/NavBar";

export function ShellLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-grid bg-fixed">
      <NavBar />
      <AdSlot placement="top" className="mx-auto w-full max-w-7xl px-4 pt-4" />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:py-8"
      >
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AdSlot placement="bottom" className="mx-auto w-full max-w-7xl px-4 pb-4" />
      <Footer />
    </div>
  );
}
