// The whole app: providers around the router, rendered into #root, or hydrated there when the build prerendered
// the page (/, /auth, the not-found page) so its first paint came from HTML alone.
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Providers } from "./providers";
import { AppRouter, preloadPage } from "./router";

let markHydrated = () => {};
/** Settles once the app has committed its first render (the prerendered page is then React's). */
export const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

function Committed() {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * The app in the browser. The build's prerender passes its own `router` (a StaticRouter at the page's path around
 * AppRoutes): one tree either way, so the HTML and the hydration agree on every generated id.
 */
export function AppRoot({ router }: { router?: ReactNode }) {
  return (
    <StrictMode>
      <Providers>{router ?? <AppRouter />}</Providers>
      <Committed />
    </StrictMode>
  );
}

export async function startApp(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("the page has no #root element");
  if (root.firstElementChild) {
    // The page's own chunk first, so hydration draws it in one pass over the HTML instead of suspending.
    await preloadPage(window.location.pathname);
    // As a transition the hydration yields to the browser every few milliseconds instead of running as one long
    // task: the page is already painted, and a press meanwhile is replayed once its part has hydrated.
    startTransition(() => {
      hydrateRoot(root, <AppRoot />);
    });
  } else {
    createRoot(root).render(<AppRoot />);
  }
}
