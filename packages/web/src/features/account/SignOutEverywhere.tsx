// 'Sign out everywhere': ends every session of the player, this browser's too, after a confirmation.
import { accountMessages } from "@bot-arena/contract";
import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { useGoHomeSignedOut } from "../../app/shell/useGoHomeSignedOut";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { useSignOutEverywhere } from "./api";

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const goHome = useGoHomeSignedOut();
  const signOut = useSignOutEverywhere({
    onSuccess: () => {
      setOpen(false);
      goHome(accountMessages.signedOutEverywhere);
    },
    onError: (error) => toast.error(errorMessage(error, "Could not sign out everywhere")),
  });
  const confirm = () => signOut.mutate();

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
