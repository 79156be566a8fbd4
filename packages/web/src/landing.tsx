// Entry point of the landing (/), whose HTML the build prerendered from the app's own components: hero, buttons,
// counters and floating buttons paint from HTML and CSS, and its links work as plain links. The app itself
// (React, the router, the query cache, toasts, dialogs, the shell) loads and hydrates the page once the browser is
// idle after loading it, or at once when the visitor reaches for the page first (a key, a touch, a press); a
// press on a floating button before then is pressed again in the app. The counters and ads then come from the API.
import "./index.css";

let pressed: string | null = null;
let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const type of intents) document.removeEventListener(type, onIntent, true);
  void import("./app/AppRoot").then(async ({ startApp, hydrated }) => {
    await startApp();
    await hydrated;
    if (!pressed) return;
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${pressed}"]`);
    button?.focus();
    button?.click();
  });
}

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
