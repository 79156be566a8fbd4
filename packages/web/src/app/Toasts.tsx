// Toasts (sonner) load on first need so the landing page does not download them: the toaster mounts once the
// visitor leaves "/" or anything asks for it. Sonner replays toasts raised before its toaster subscribed, so a
// toast raised while the toaster is still loading shows as soon as it has.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

const Toaster = lazy(() => import("./Toaster"));

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toaster (once) for code that runs on the landing page and may toast. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToasterHost() {
  const { pathname } = useLocation();
  const mounted = useSyncExternalStore(subscribe, () => wanted);
  useEffect(() => {
    if (pathname !== "/") wantToaster();
  }, [pathname]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
