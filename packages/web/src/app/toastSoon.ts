// Toasts for code that runs before the toaster is wanted (the landing, /auth's form before the app): sonner loads
// on first use, and the toaster (ToasterHost in Toasts.tsx) mounts once anything asks for it. Sonner replays toasts
// raised before its toaster subscribed, so a toast raised while the toaster is still loading shows as soon as it
// has. No router here: /auth's form imports this before the app has loaded.

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toaster (once) for code that runs on the landing page and may toast. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether anything has asked for the toaster yet. */
export const toasterWanted = (): boolean => wanted;

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Raises a toast from code the landing page loads (the live session, the guards) without putting sonner into the
 * landing's download: the library arrives on first use, and the toaster mounts to show it.
 */
export function toastSoon(show: (toast: typeof import("sonner").toast) => void): void {
  wantToaster();
  void import("sonner").then(({ toast }) => show(toast));
}
