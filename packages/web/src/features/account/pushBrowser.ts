// This browser's side of Web Push: the service worker (public/sw.js) and its PushManager subscription. Kept
// apart from the page so the component test can stand in for a browser, which a test environment is not.

export type BrowserPush = {
  /** Whether this browser can show push notifications at all. */
  supported(): boolean;
  /** This browser's subscription, if it has one. */
  current(): Promise<PushSubscription | null>;
  /** Asks the player's permission, registers the service worker and subscribes with the server's key. */
  subscribe(publicKey: string): Promise<PushSubscription | "denied">;
};

const SERVICE_WORKER = "/sw.js";

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export const browserPush: BrowserPush = {
  supported: () =>
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window,
  async current() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration?.pushManager.getSubscription()) ?? null;
  },
  async subscribe(publicKey) {
    if ((await Notification.requestPermission()) !== "granted") return "denied";
    await navigator.serviceWorker.register(SERVICE_WORKER, { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  },
};
