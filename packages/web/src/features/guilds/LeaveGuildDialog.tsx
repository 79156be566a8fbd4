// Confirms leaving. The last member is told plainly that the guild will be disbanded and its bank lost to the
// house; a leader is told who takes over.
import type { GuildDetail } from "@bot-arena/contract";
import { LogOut } from "lucide-react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { formatCoins } from "../bank/coins";

export function leaveWarning(detail: GuildDetail): string {
  const { guild } = detail;
  if (guild.memberCount <= 1) {
    return `You are the last member. Leaving disbands [${guild.tag}] ${guild.name}, and its bank of ${formatCoins(guild.bankBalance)} coins is lost to the house. This cannot be undone.`;
  }
  if (detail.myRole === "leader") {
    return "Leadership passes to the officer with the most contribution (or, without officers, the member with the most). Your contributions stay in the bank.";
  }
  return "Your contributions stay in the guild bank. You can join another guild afterwards.";
}

export function LeaveGuildDialog({
  open,
  onOpenChange,
  detail,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: GuildDetail;
  busy: boolean;
  onConfirm: () => void;
}) {
  const last = detail.guild.memberCount <= 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={last ? "Disband guild?" : "Leave guild?"}>
      <p className="text-ink" data-testid="leave-warning">
        {leaveWarning(detail)}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Stay
        </Button>
        <Button
          variant="danger"
          busy={busy}
          onClick={onConfirm}
          icon={<LogOut className="size-4" aria-hidden="true" />}
        >
          {last ? "Leave and Disband" : "Leave Guild"}
        </Button>
      </div>
    </Dialog>
  );
}
