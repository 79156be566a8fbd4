// The current time, refreshed every second (the spec's countdown refresh), for countdown texts.
import { COUNTDOWN_REFRESH_MS } from "@bot-arena/game";
import { useEffect, useState } from "react";

export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
