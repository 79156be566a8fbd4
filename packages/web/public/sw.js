// The service worker: it only shows the server's push notifications (features/push on the server) and opens the
// page one is about when it is clicked. It caches nothing and handles no fetch, so the app loads as it always does.
const FALLBACK_TITLE = "BOT ARENA";

/** A path of this site only: a notification never sends the player elsewhere. */
const samePath = (link) => (typeof link === "string" && /^\/(?!\/)/.test(link) ? link : "/alerts");

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title : FALLBACK_TITLE;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icon-192.png",
      // One per kind (several kinds together: a tag of their own): a newer stack replaces the older on the screen.
      tag: typeof data.kind === "string" ? data.kind : undefined,
      data: { link: samePath(data.link) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(samePath(event.notification.data?.link), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
