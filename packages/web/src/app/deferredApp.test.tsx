// When a prerendered page's entry brings the app in: /auth waits for the visitor (its idle time would go on hydrating
// the app, Lighthouse's blocking time), the landing also takes the browser's idle time. A component test, for
// happy-dom's document and events; the app itself is a stand-in.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferApp, type StartApp, startWhenIdle } from "./deferredApp";

const app = vi.hoisted(() => ({ startApp: vi.fn(async () => {}), hydrated: Promise.resolve() }));
vi.mock("./AppRoot", () => app);

let idle: (() => void)[] = [];
let started: StartApp[] = [];

beforeEach(() => {
  idle = [];
  started = [];
  app.startApp.mockClear();
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
});

afterEach(() => {
  // Every deferred app ends started, so no listener of this test hears the next one's events.
  for (const start of started) start();
});

function defer(): StartApp {
  const start = deferApp();
  started.push(start);
  return start;
}

/**
 * Every import begun is settled (vitest's own wait for them): an app started meanwhile has had its module and
 * been called by then.
 */
const importsSettled = () => vi.dynamicImportSettled();

/** The browser has loaded the page and gone idle, and an app started by it has come. */
async function loadAndIdle(): Promise<void> {
  window.dispatchEvent(new Event("load"));
  for (const callback of idle.splice(0)) callback();
  await importsSettled();
}

describe("the app behind a prerendered page", () => {
  it("on /auth, waits for the visitor's first press however idle the page is", async () => {
    defer();
    await loadAndIdle();
    expect(app.startApp).not.toHaveBeenCalled();

    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await vi.waitFor(() => expect(app.startApp).toHaveBeenCalledOnce());
  });

  it("on /auth, comes at the first focus too (the keyboard's Tab into the form)", async () => {
    defer();
    await loadAndIdle();
    document.body.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await vi.waitFor(() => expect(app.startApp).toHaveBeenCalledOnce());
  });

  it("on the landing, comes once the page is idle, and only once", async () => {
    startWhenIdle(defer());
    expect(app.startApp).not.toHaveBeenCalled();
    await loadAndIdle();
    await vi.waitFor(() => expect(app.startApp).toHaveBeenCalledOnce());

    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await importsSettled();
    expect(app.startApp).toHaveBeenCalledOnce();
  });
});
