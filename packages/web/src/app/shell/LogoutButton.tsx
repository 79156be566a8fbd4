// Ends the session: the server clears the cookie, the app leaves the shell and forgets the player.
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Spinner } from "../../ui/Spinner";
import { applySession, useSignOut } from "../session";

export function LogoutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  const logout = () =>
    signOut.mutate(undefined, {
      onSuccess: async () => {
        toast.success("Logged out successfully");
        // Leave the shell first, and synchronously: if the shell were still mounted when the session
        // disappears, its guard would send us to /auth.
        flushSync(() => navigate("/"));
        applySession(queryClient, null);
      },
      onError: () => {
        toast.error("Failed to logout");
      },
    });

  return (
    <button
      type="button"
      onClick={logout}
      disabled={signOut.isPending}
      aria-label="Logout"
      className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-magenta/40 px-3 text-magenta transition hover:border-magenta hover:bg-magenta/10 hover:shadow-[0_0_16px_rgb(255_43_214/0.35)] disabled:opacity-50"
    >
      {signOut.isPending ? <Spinner size="sm" /> : <LogOut className="size-4" aria-hidden="true" />}
      <span className="hidden font-display text-[0.7rem] font-bold uppercase tracking-[0.14em] md:inline">
        Logout
      </span>
    </button>
  );
}
