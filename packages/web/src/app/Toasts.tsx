// The toaster's host: sonner's toaster (its own chunk, Toaster.tsx) mounts once the visitor leaves "/" or anything
// asks for it (toastSoon.ts), so the landing page does not download it.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { onToasterWanted, toasterWanted, wantToaster } from "./toastSoon";

const Toaster = lazy(() => import("./Toaster"));

export function ToasterHost() {
  const { pathname } = useLocation();
  const mounted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
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
