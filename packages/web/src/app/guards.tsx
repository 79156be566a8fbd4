// Route guards. The server enforces every rule; these only keep visitors off screens they cannot use.
import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import { ScreenLoader, ScreenMessage } from "./ScreenState";
import { useMe } from "./session";
import { toastSoon } from "./toastSoon";

/** Shows its children to a signed-in player; sends anyone else to /auth. */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <ScreenLoader label="Connecting to the arena" />;
  if (me.isError && !me.data)
    return <ScreenMessage title="Connection lost" onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/auth" replace />;
  return children;
}

const UNAUTHORIZED = "Unauthorized: Admin access required";

/** Shows its children to an admin; anyone else gets the spec's refusal and goes home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useMe();
  const refused = me.data != null && !me.data.isAdmin;
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from stacking two toasts.
    if (refused) toastSoon((toast) => toast.error(UNAUTHORIZED, { id: "admin-unauthorized" }));
  }, [refused]);
  if (!me.data) return <ScreenLoader label="Checking clearance" />;
  if (refused) return <Navigate to="/" replace />;
  return children;
}
