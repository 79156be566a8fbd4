// The app (React's router, the query cache, toasts, dialogs, the shell) for a prerendered page whose own entry
// paints without it (the landing, /auth): it loads and hydrates the page when the visitor reaches for the page (a
// key, a touch, a press, a focus), when the entry asks for it, or, where the entry says so, once the browser is idle
// after loading the page. A press on a floating button's stand-in (music player, chat) before then is pressed again
// in the app.

/** Starts the app now (once; later calls do nothing). */
export type StartApp = () => void;

/** The app at the visitor's first key, touch, press or focus, or when the result is called. */
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

  return start;
}

/**
 * The landing's way: the app also comes once the browser is idle after loading the page, so its counters and ads
 * show without a touch. Not /auth's: there the app's start is the page's largest piece of main-thread work (React
 * hydrating the shell), which a phone would run while the visitor reads the form, for ads alone.
 */
export function startWhenIdle(start: StartApp): void {
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : setTimeout(start, 200);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
