// /defenses: the raids on the player's bots, newest first: who attacked which bot, when, held or lost, the coins
// and rating it moved, its replay, and Revenge for 24 hours (once; it ignores the rating window).
import type { Defense, DefenseLog } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { PlayCircle, ShieldCheck, ShieldHalf, Swords } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { formatWhen } from "../../ui/dates";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { formatDelta } from "../bank/coins";
import { replayRoute } from "../battles/api";
import { usePvpBattle } from "../fight/api";
import { pilotRoute, useDefenseLog } from "./api";
import { ResultMark } from "./ResultMark";
import { endTime, ratingDeltaLabel } from "./rating";

const header = (
  <PageHeader
    title="Defense Log"
    subtitle="Who raided your bots, and what it cost them or you."
    icon={<ShieldHalf className="size-6" />}
  />
);

export default function DefenseLogPage() {
  const query = useDefenseLog();
  // A raid lands as a `me` event: the log shows it at once.
  useLiveInvalidate("me", [queryKeys.pilots.defenses]);
  return (
    <ScreenQueryView query={query} loading="Loading defense log" title="Failed to load data" above={header}>
      {(log) => <Log log={log} />}
    </ScreenQueryView>
  );
}

function Log({ log }: { log: DefenseLog }) {
  return (
    <div className="space-y-6">
      {header}
      {log.shieldUntil && (
        <p
          role="status"
          data-testid="shield"
          className="flex items-center gap-2 rounded-md border border-cyan/40 bg-cyan/10 p-3 text-sm font-semibold text-cyan"
        >
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          Shielded until {endTime(log.shieldUntil)}: nobody can raid you. Attacking ends it.
        </p>
      )}
      <Panel>
        {log.defenses.length === 0 ? (
          <p className="py-8 text-center text-muted">
            No raids yet. When someone attacks your bots, it shows here.
          </p>
        ) : (
          <ul className="divide-y divide-cyan/10">
            {log.defenses.map((defense) => (
              <DefenseRow key={defense.battleId} defense={defense} />
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function DefenseRow({ defense }: { defense: Defense }) {
  const battle = usePvpBattle();
  const navigate = useNavigate();
  const revenge = () => {
    if (!defense.revengeBotId) return;
    battle.mutate(
      { defenderId: defense.revengeBotId, revengeOf: defense.battleId },
      {
        onSuccess: (outcome) => {
          if (outcome.won) toast.success(messages.victory);
          else toast.error(messages.defeat);
          navigate(replayRoute(outcome.battle.id));
        },
        onError: (error) => toast.error(errorMessage(error, messages.battleFailed)),
      },
    );
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="defense">
      <ResultMark won={defense.held} />
      {/* On a phone the words take the row and the figures go under them, indented past the W/L mark. */}
      <div className="min-w-0 flex-1 basis-[calc(100%-3rem)] sm:basis-0">
        <p className="wrap-anywhere font-semibold text-ink">
          {defense.attackerName ? (
            <Link to={pilotRoute(defense.attackerName)} className="text-cyan hover:underline">
              {defense.attackerName}
            </Link>
          ) : (
            "A former pilot"
          )}{" "}
          raided {defense.botName}: {defense.held ? "held" : "lost"}
        </p>
        <p className="wrap-anywhere text-sm text-muted">
          with {defense.attackerBotName} · {formatWhen(defense.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 max-sm:pl-12">
        <span className={cn("text-sm font-semibold", defense.coinsDelta >= 0 ? "text-lime" : "text-danger")}>
          {defense.coinsDelta === 0 ? "0" : formatDelta(defense.coinsDelta)} coins
        </span>
        <Badge tone={defense.ratingDelta >= 0 ? "success" : "danger"}>
          {ratingDeltaLabel(defense.ratingDelta)}
        </Badge>
        <Link
          to={replayRoute(defense.battleId)}
          className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold text-cyan hover:bg-cyan/10"
        >
          <PlayCircle className="size-4" aria-hidden="true" />
          Replay
        </Link>
        {defense.revengeBotId && defense.revengeUntil ? (
          <Button
            size="sm"
            icon={<Swords className="size-4" aria-hidden="true" />}
            busy={battle.isPending}
            onClick={revenge}
            title={`Open until ${endTime(defense.revengeUntil)}`}
          >
            Revenge
          </Button>
        ) : (
          defense.avenged && <Badge tone="magenta">Avenged</Badge>
        )}
      </div>
    </li>
  );
}
