// Ends the session: the server clears the cookie, the app leaves the shell and forgets the player.
import { LogOut } from "lucide-react";
import { toast } from "sonner";
import { Spinner } from "../../ui/Spinner";
import { useSignOut } from "../session";
import { useGoHomeSignedOut } from "./useGoHomeSignedOut";

export function LogoutButton() {
  const goHome = useGoHomeSignedOut();
  const signOut = useSignOut({
    onSuccess: () => goHome("Logged out successfully"),
    onError: () => toast.error("Failed to logout"),
  });
  const logout = () => signOut.mutate();

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
