// Keeps the browser tab's title in step with the page, which screen readers announce on navigation.
import { useEffect } from "react";

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | BOT ARENA`;
  }, [title]);
}
