// What a page shows when it throws or its chunk fails to load (often a new release replaced the chunk:
// reloading fetches the current one). The boundary starts afresh on every new path, so leaving a broken page
// shows the next one.
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ScreenMessage } from "./ScreenState";

export function RouteError() {
  return (
    <ScreenMessage
      title="System malfunction"
      detail="This screen failed to load. Reload to try again."
      onRetry={() => window.location.reload()}
    />
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Keeps a failing page inside its layout (navigation bar, music player stay usable). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

/**
 * Around the whole app: a failure outside any page (a layout) shows the same screen. Not keyed by the path like
 * a page's boundary: that remounted the whole app on every navigation (a new live socket, the chat panel and
 * the music player closed), which the chat journey caught when a redirect came after the panel opened.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary>{children}</Boundary>;
}
