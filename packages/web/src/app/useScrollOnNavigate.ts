// A new page starts at its top; back and forward leave the position to the browser, which restores it.
import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

export function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    // `pathname` is the trigger: every new page, not every search-parameter change, goes back to the top.
    // A link to an anchor (/inventory#manage-bots) is left to the page that owns the anchor.
    void pathname;
    if (type !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, type, hash]);
}
