// What a page shows when it throws or its chunk fails to load (often a new release replaced the chunk:
// reloading fetches the current one).
import { useRouteError } from "react-router";
import { ScreenMessage } from "./ScreenState";

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <ScreenMessage
      title="System malfunction"
      detail="This screen failed to load. Reload to try again."
      onRetry={() => window.location.reload()}
    />
  );
}
