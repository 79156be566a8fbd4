// The Members tab: each member's name and short id, role and contribution total, and for the leader and
// officers the promote, demote and remove buttons the rulebook allows on that row.
import type { GuildDetail, GuildMember } from "@bot-arena/contract";
import { allowedRoleActions, UserId } from "@bot-arena/game";
import { ArrowDown, ArrowUp, Crown, UserMinus } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { useMe } from "../../app/session";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { formatCoins } from "../bank/coins";
import { type MemberAction, useMemberAction } from "./api";

const roleTone: Record<GuildMember["role"], BadgeTone> = {
  leader: "legendary",
  officer: "magenta",
  member: "neutral",
};

const actionLook: Record<MemberAction, { label: string; icon: typeof ArrowUp; variant: "ghost" | "danger" }> =
  {
    promote: { label: "Promote", icon: ArrowUp, variant: "ghost" },
    demote: { label: "Demote", icon: ArrowDown, variant: "ghost" },
    remove: { label: "Remove", icon: UserMinus, variant: "ghost" },
  };

export function MembersTab({ detail }: { detail: GuildDetail }) {
  const me = useMe().data ?? null;
  const act = useMemberAction(detail.guild.id);
  const myRole = detail.myRole;

  const run = async (action: MemberAction, userId: string) => {
    try {
      toast.success((await act.mutateAsync({ action, userId })).message);
    } catch (error) {
      toast.error(errorMessage(error, "Action failed"));
    }
  };

  return (
    <ul className="divide-y divide-cyan/10 rounded-lg border border-cyan/15 bg-deep/50" aria-label="Members">
      {detail.members.map((member) => {
        const actions =
          myRole && me
            ? allowedRoleActions(
                { userId: UserId(me.id), role: myRole },
                { userId: UserId(member.userId), role: member.role },
              )
            : [];
        return (
          <li
            key={member.userId}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
            data-testid="guild-member"
          >
            <div className="min-w-0 flex-1 basis-40">
              <p className="flex items-center gap-2 font-semibold text-ink">
                {member.role === "leader" && (
                  <Crown className="size-4 shrink-0 text-amber" aria-hidden="true" />
                )}
                <span className="break-words">{member.username}</span>
                {me?.id === member.userId && <Badge tone="cyan">You</Badge>}
              </p>
              <p className="mt-1 flex items-center gap-2">
                <span className="font-mono text-xs text-muted">#{member.shortId}</span>
                <Badge tone={roleTone[member.role]}>{member.role}</Badge>
              </p>
            </div>
            <div className="flex shrink-0 gap-4">
              <div className="w-24 text-right">
                <p className="text-[0.65rem] uppercase tracking-widest text-muted">Contributed</p>
                <p className="font-display font-bold tabular-nums text-amber">
                  {formatCoins(member.contributionTotal)}
                </p>
              </div>
              <div className="w-16 text-right">
                <p className="text-[0.65rem] uppercase tracking-widest text-muted">Power</p>
                <p className="font-display font-bold tabular-nums text-ink">{formatCoins(member.power)}</p>
              </div>
            </div>
            {actions.length > 0 && (
              <div className="flex w-full justify-end gap-1 sm:w-auto">
                {actions.map((action) => {
                  const look = actionLook[action];
                  const Icon = look.icon;
                  return (
                    <Button
                      key={action}
                      size="sm"
                      variant={look.variant}
                      busy={
                        act.isPending &&
                        act.variables?.userId === member.userId &&
                        act.variables.action === action
                      }
                      onClick={() => void run(action, member.userId)}
                      aria-label={`${look.label} ${member.username}`}
                      icon={<Icon className="size-4" aria-hidden="true" />}
                    >
                      {look.label}
                    </Button>
                  );
                })}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
