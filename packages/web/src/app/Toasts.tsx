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

/**
 * Raises a toast from code the landing page loads (the live session, the guards) without putting sonner into the
 * landing's download: the library arrives on first use, and the toaster mounts to show it.
 */
export function toastSoon(show: (toast: typeof import("sonner").toast) => void): void {
  wantToaster();
  void import("sonner").then(({ toast }) => show(toast));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToasterHost() {
  const { pathname } = useLocation();
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
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
