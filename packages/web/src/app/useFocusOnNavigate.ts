// After a client-side navigation, focus moves to the new page's <main> so keyboard and screen-reader
// users start at the content instead of on the link they left behind. The first load is left alone.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
}
