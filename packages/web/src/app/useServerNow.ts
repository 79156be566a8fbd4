// Now on the server's clock, for countdowns: the answer that carried `serverTime` says how far the device's clock
// is from the server's, and the hook ticks every second on the device's clock plus that offset. A device set
// wrong, or a server whose clock a test moved (TEST_CLOCK=on), still counts down to the server's deadlines.
import { COUNTDOWN_REFRESH_MS } from "@bot-arena/game";
import { useEffect, useState } from "react";

export function useServerNow(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) setOffset(new Date(serverTime).getTime() - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}
