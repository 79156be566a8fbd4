// What follows a sign-out (this device or every device): its message, the landing page, and the player's data
// forgotten.
import { useQueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { applySession } from "../session";

export function useGoHomeSignedOut(): (message: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (message) => {
    toast.success(message);
    // Leave the shell first, and synchronously: were the shell still mounted when the session disappears, its
    // guard would send the page to /auth.
    flushSync(() => navigate("/"));
    applySession(queryClient, null);
  };
}
