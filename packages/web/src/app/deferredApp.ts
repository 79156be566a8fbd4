// The app (React's router, the query cache, toasts, dialogs, the shell) for a prerendered page whose own entry
// paints without it (the landing, /auth): it loads and hydrates the page once the browser is idle after loading
// it, or at once when the visitor reaches for the page first (a key, a touch, a press, a focus). A press on a
// floating button's stand-in (music player, chat) before then is pressed again in the app.

/** Starts the app now rather than when idle (once; later calls do nothing). */
export type StartApp = () => void;

export function deferApp(): StartApp {
  let pressed: string | null = null;
  let started = false;

  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of intents) document.removeEventListener(type, onIntent, true);
    void import("./AppRoot").then(async ({ startApp, hydrated }) => {
      await startApp();
      await hydrated;
      if (!pressed) return;
      const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${pressed}"]`);
      button?.focus();
      button?.click();
    });
  };

  const intents = ["pointerdown", "keydown", "touchstart", "focusin"] as const;
  function onIntent(event: Event): void {
    // The floating buttons' stand-ins (music player, chat) open their widget in the app.
    const button = event.target instanceof Element ? event.target.closest("button[aria-label]") : null;
    const label = button?.getAttribute("aria-label") ?? "";
    if (event.type === "pointerdown" && label.startsWith("Open ")) pressed = label;
    start();
  }
  for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
  // A click that arrives with no pointerdown before it (the keyboard's Enter or Space, an assistive tool).
  document.addEventListener(
    "click",
    (event) => {
      if (started && !pressed) {
        const label =
          event.target instanceof Element
            ? (event.target.closest("button[aria-label]")?.getAttribute("aria-label") ?? "")
            : "";
        if (label.startsWith("Open ")) pressed = label;
      }
    },
    { capture: true, once: true },
  );

  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : setTimeout(start, 200);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return start;
}
