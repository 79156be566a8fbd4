// /guilds/:id: one guild's tag, name, description, members, bank, total power and war status (Ready, Building,
// Sitting Out or At War), the 'Next Guild War' panel (the way to 500, what a war is, the sit-out switch), the
// Members, Bank and Perks tabs, Join for a player without a guild, Leave Guild for members, and the way back to /guilds.
// Live on the guild's own channel.
import type { GuildDetail } from "@bot-arena/contract";
import { ArrowLeft, Coins, LogOut, Shield, Swords, UserPlus, Users, Zap } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { usePageTitle } from "../../ui/usePageTitle";
import { formatCoins } from "../bank/coins";
import { useGuild, useJoinGuild, useLeaveGuild } from "./api";
import { BankTab } from "./BankTab";
import { GuildBanner } from "./GuildBanner";
import { LeaveGuildDialog } from "./LeaveGuildDialog";
import { MembersTab } from "./MembersTab";
import { PerksTab } from "./PerksTab";
import { WarEnlistment } from "./WarEnlistment";
import { type WarStanding, warStanding } from "./WarReadiness";

const statusBadge: Record<WarStanding, ReactNode> = {
  disbanded: <Badge tone="danger">Disbanded</Badge>,
  at_war: <Badge tone="magenta">At War</Badge>,
  resting: <Badge tone="neutral">Resting</Badge>,
  sitting_out: <Badge tone="neutral">Sitting Out</Badge>,
  enlisted: <Badge tone="success">Ready</Badge>,
  building: <Badge tone="neutral">Building</Badge>,
};

function Tile({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-cyan/15 bg-deep/60 p-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-md border border-cyan/30 bg-cyan/10 text-cyan">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">{label}</p>
        <div className="font-display text-lg font-bold tabular-nums text-ink">{value}</div>
      </div>
    </div>
  );
}

export default function GuildPage() {
  const { id = "" } = useParams();
  const query = useGuild(id);
  usePageTitle(query.data ? `[${query.data.guild.tag}] ${query.data.guild.name}` : "Guild");
  return (
    <ScreenQueryView
      query={query}
      loading="Loading guild"
      title="Guild not found"
      detail={(error) => errorMessage(error, "Failed to load data")}
    >
      {(detail) => <Guild id={id} detail={detail} />}
    </ScreenQueryView>
  );
}

function Guild({ id, detail }: { id: string; detail: GuildDetail }) {
  const { guild } = detail;
  const join = useJoinGuild();
  const leave = useLeaveGuild(id);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const disbanded = guild.disbandedAt !== null;
  const canJoin = !detail.viewerInGuild && !disbanded && guild.memberCount < guild.maxMembers;

  const onJoin = async () => {
    try {
      toast.success((await join.mutateAsync(guild.id)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to join guild"));
    }
  };
  const onLeave = async () => {
    try {
      toast.success((await leave.mutateAsync()).message);
      setLeaving(false);
      navigate("/guilds");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to leave guild"));
    }
  };

  const warStatus = statusBadge[warStanding(guild)];

  return (
    <div className="space-y-6">
      <Link
        to="/guilds"
        className="inline-flex items-center gap-2 font-display text-xs font-bold uppercase tracking-[0.2em] text-muted transition hover:text-cyan"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Guilds
      </Link>

      <Panel tone="magenta">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-center gap-4">
            <span className="grid size-14 shrink-0 place-items-center rounded-xl border border-magenta/50 bg-magenta/10 text-magenta shadow-neon-magenta">
              <Shield className="size-7" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-display text-sm font-bold tracking-[0.25em] text-magenta">
                [{guild.tag}] <GuildBanner banner={guild.perks.banner} />
              </p>
              <h1 className="wrap-anywhere font-display text-2xl font-black uppercase tracking-wider text-ink sm:text-3xl">
                {guild.name}
              </h1>
              {guild.description && <p className="mt-1 text-muted">{guild.description}</p>}
              {disbanded && <Badge tone="danger">Disbanded</Badge>}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {canJoin && (
              <Button
                busy={join.isPending}
                onClick={() => void onJoin()}
                icon={<UserPlus className="size-4" aria-hidden="true" />}
              >
                Join
              </Button>
            )}
            {detail.myRole && (
              <Button
                variant="dangerOutline"
                size="sm"
                onClick={() => setLeaving(true)}
                icon={<LogOut className="size-4" aria-hidden="true" />}
              >
                Leave Guild
              </Button>
            )}
          </div>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile
            label="Members"
            value={`${guild.memberCount}/${guild.maxMembers}`}
            icon={<Users className="size-5" aria-hidden="true" />}
          />
          <Tile
            label="Bank"
            value={formatCoins(guild.bankBalance)}
            icon={<Coins className="size-5" aria-hidden="true" />}
          />
          <Tile
            label="Total Power"
            value={formatCoins(guild.totalPower)}
            icon={<Zap className="size-5" aria-hidden="true" />}
          />
          <Tile
            label="War Status"
            value={warStatus}
            icon={<Swords className="size-5" aria-hidden="true" />}
          />
        </div>
      </Panel>

      {!disbanded && <WarEnlistment detail={detail} />}

      <Tabs defaultValue="members">
        <TabsList className="max-w-md">
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="bank">Bank</TabsTrigger>
          <TabsTrigger value="perks">Perks</TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <MembersTab detail={detail} />
        </TabsContent>
        <TabsContent value="bank">
          <BankTab detail={detail} />
        </TabsContent>
        <TabsContent value="perks">
          <PerksTab detail={detail} />
        </TabsContent>
      </Tabs>

      <div>
        <ButtonLink to="/guilds" variant="ghost" icon={<ArrowLeft className="size-4" aria-hidden="true" />}>
          Back
        </ButtonLink>
      </div>

      <LeaveGuildDialog
        open={leaving}
        onOpenChange={setLeaving}
        detail={detail}
        busy={leave.isPending}
        onConfirm={() => void onLeave()}
      />
    </div>
  );
}
