// Set-up of every component test (*.test.tsx, happy-dom): a fresh DOM, no toasts, no stubs left from the test
// before, and no live socket (the app opens one while signed in; the tests answer HTTP only).
import { cleanup, configure } from "@testing-library/react";
import { MotionGlobalConfig } from "motion/react";
import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";

// Animations end at once (as under reduced motion): happy-dom's Web Animations reject on cancel, and no
// component test is about an animation.
MotionGlobalConfig.skipAnimations = true;

// A page's first render loads its modules; a loaded machine must not fail a look that is merely slow.
configure({ asyncUtilTimeout: 10_000 });

/** A socket that never opens: the live channel stays quiet, as when the server is unreachable. */
class QuietSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", QuietSocket);
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});
