// /battles/:id: a stored battle, rebuilt by the server from its seed and snapshots, played in the COMBAT ZONE
// for any signed-in player. The page keeps the match card and the text Battle Log; the link can be shared.
import type { BattleFighter, BattleReplay } from "@bot-arena/contract";
import { Clapperboard, Cpu, Link2, PlayCircle, ShieldCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { formatWhen } from "../../ui/dates";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { useBattleReplay } from "./api";
import { BattleLog } from "./BattleLog";
import { CombatZone } from "./CombatZone";
import { battleKindLabel } from "./kindLabel";

export default function BattleReplayPage() {
  const { id = "" } = useParams();
  const query = useBattleReplay(id);
  // The replay starts on arrival: a shared link should show the fight, not a button.
  const [watching, setWatching] = useState(true);

  return (
    <ScreenQueryView
      query={query}
      loading="Loading replay"
      title="Battle not found"
      detail={(error) => errorMessage(error, "Failed to load data")}
    >
      {(battle) => (
        <div className="space-y-6">
          <PageHeader
            title="Battle Replay"
            icon={<Clapperboard className="size-6" />}
            subtitle={formatWhen(battle.createdAt)}
            actions={
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  icon={<Link2 className="size-4" aria-hidden="true" />}
                  onClick={() => void share()}
                >
                  Share
                </Button>
                <Button
                  icon={<PlayCircle className="size-4" aria-hidden="true" />}
                  onClick={() => setWatching(true)}
                >
                  Watch Replay
                </Button>
              </div>
            }
          />
          <MatchCard battle={battle} />
          <BattleLog battle={battle} />
          {watching && (
            <CombatZone
              battle={battle}
              viewer={battle.context?.viewerSide ?? null}
              context={battle.context}
              onClose={() => setWatching(false)}
            />
          )}
        </div>
      )}
    </ScreenQueryView>
  );
}

async function share() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    toast.success("Replay link copied!");
  } catch {
    toast.info(window.location.href);
  }
}

function MatchCard({ battle }: { battle: BattleReplay }) {
  return (
    <Panel>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="magenta">{battleKindLabel(battle.kind)}</Badge>
          {battle.context && <Badge tone="neutral">{battle.context.title}</Badge>}
          <Badge tone="neutral">{battle.rounds} turns</Badge>
          {battle.endedBy === "roundLimit" && <Badge tone="neutral">Decided on health</Badge>}
        </div>
        {battle.verified ? (
          <Badge tone="success">
            <ShieldCheck className="size-3" aria-hidden="true" />
            Verified replay
          </Badge>
        ) : (
          <Badge tone="danger">
            <TriangleAlert className="size-3" aria-hidden="true" />
            Stored log shown
          </Badge>
        )}
      </div>
      <div className="mx-auto mt-5 grid max-w-3xl grid-cols-[1fr_auto_1fr] items-center gap-3 sm:gap-10">
        <FighterCard fighter={battle.attacker} won={battle.winner === "attacker"} />
        <span
          className="font-display text-2xl font-black italic text-magenta text-glow-magenta sm:text-4xl"
          aria-hidden="true"
        >
          VS
        </span>
        <FighterCard fighter={battle.defender} won={battle.winner === "defender"} align="right" />
      </div>
      <p className="mt-5 text-center font-display text-sm font-bold uppercase tracking-[0.2em] text-lime">
        {battle.outcome}
      </p>
      {battle.context && !battle.context.live && (
        <p className="mt-2 text-center text-sm font-semibold text-amber">{battle.context.meaning}</p>
      )}
    </Panel>
  );
}

function FighterCard({
  fighter,
  won,
  align = "left",
}: {
  fighter: BattleFighter;
  won: boolean;
  align?: "left" | "right";
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", align === "right" && "items-end text-right")}>
      <div className="relative w-full max-w-56">
        <BotImage bot={fighter} quiet className={cn(!won && "opacity-70 grayscale")} />
        <span
          className={cn(
            "absolute top-2 rounded-sm px-2 py-0.5 font-display text-[0.65rem] font-black uppercase tracking-widest",
            align === "right" ? "right-2" : "left-2",
            won ? "bg-lime text-void" : "bg-danger/90 text-white",
          )}
        >
          {won ? "Winner" : "Defeated"}
        </span>
      </div>
      <p className="break-words font-display text-sm font-black uppercase tracking-wider text-ink sm:text-base">
        {fighter.name}
      </p>
      <p className="flex items-center gap-1.5 text-sm text-muted">
        Lv.{fighter.level} ·{" "}
        {fighter.isAi ? (
          <>
            <Cpu className="size-3.5" aria-hidden="true" /> AI
          </>
        ) : (
          fighter.ownerName
        )}
      </p>
      {fighter.weaponName && <p className="text-xs text-amber">{fighter.weaponName}</p>}
    </div>
  );
}
