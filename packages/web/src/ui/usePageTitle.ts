// Keeps the browser tab's title in step with the page, which screen readers announce on navigation.
import { useEffect } from "react";

/** While the build prerenders a page (src/prerender.tsx) it collects the title here for the page's HTML. */
export const prerenderedTitle: { collecting: boolean; current: string } = { collecting: false, current: "" };

export function usePageTitle(title: string) {
  if (prerenderedTitle.collecting) prerenderedTitle.current = `${title} | BOT ARENA`;
  useEffect(() => {
    document.title = `${title} | BOT ARENA`;
  }, [title]);
}
