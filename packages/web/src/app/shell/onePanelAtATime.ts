// The music and chat panels open above their corners; on a screen narrower than the two side by side (a phone,
// where each takes the width) the one opened last would hide the other. Each widget announces its panel opening,
// and there the other closes its own.
import { useEffect, useEffectEvent } from "react";

export type FloatingPanel = "music" | "chat";

const OPENED = "bot-arena:floating-panel-opened";
/** Both panels (21 rem and 22 rem) with their 1 rem margins fit side by side from here up. */
const TOO_NARROW = "(max-width: 767.98px)";

export function useOnePanelAtATime(panel: FloatingPanel, open: boolean, close: () => void): void {
  const closeOwn = useEffectEvent(close);
  useEffect(() => {
    if (open) window.dispatchEvent(new CustomEvent<FloatingPanel>(OPENED, { detail: panel }));
  }, [open, panel]);
  useEffect(() => {
    const onOpened = (event: Event) => {
      if ((event as CustomEvent<FloatingPanel>).detail !== panel && window.matchMedia(TOO_NARROW).matches)
        closeOwn();
    };
    window.addEventListener(OPENED, onOpened);
    return () => window.removeEventListener(OPENED, onOpened);
  }, [panel]);
}
