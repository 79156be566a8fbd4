// 'Sign out everywhere': ends every session of the player, this browser's too, after a confirmation.
import { accountMessages } from "@bot-arena/contract";
import { useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { applySession } from "../../app/session";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { useSignOutEverywhere } from "./api";

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(accountMessages.signedOutEverywhere);
        setOpen(false);
        // Leave the shell before the session disappears, as the Logout button does.
        flushSync(() => navigate("/"));
        applySession(queryClient, null);
      },
      onError: (error) => toast.error(errorMessage(error, "Could not sign out everywhere")),
    });

  return (
    <div className="space-y-4">
      <p className="text-muted">
        Lost a phone or signed in on a shared computer? This ends every session of your account, on every
        device, this one included. You sign in again with your password.
      </p>
      <Button
        variant="danger"
        icon={<MonitorSmartphone className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Sign Out Everywhere
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every device signed in to your account is signed out, this one too."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={signOut.isPending} onClick={confirm}>
            Sign Out Everywhere
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
