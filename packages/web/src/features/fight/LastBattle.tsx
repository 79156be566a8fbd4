// /fight after a reload or on a return visit: the bot's last arena battle, as the server settled it, with its
// verdict, what it earned and the text Battle Log, so a reload during the COMBAT ZONE loses nothing.

import type { BattleSummary } from "@bot-arena/contract";
import { Coins, History, PlayCircle, Sparkles } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../ui/Badge";
import { ButtonLink } from "../../ui/ButtonLink";
import { replayRoute, useBattleReplay, useRecentBattles } from "../battles/api";
import { BattleLog } from "../battles/BattleLog";
import { timeAgo } from "../battles/timeAgo";
import { lastArenaBattle } from "./lastBattle";

export function LastBattle({ botId }: { botId: string }) {
  const recent = useRecentBattles(botId);
  const last = recent.data ? lastArenaBattle(recent.data) : null;
  if (!last) return null;
  return <StoredBattle summary={last} />;
}

function StoredBattle({ summary }: { summary: BattleSummary }) {
  const replay = useBattleReplay(summary.id);
  const [now] = useState(() => Date.now());
  if (!replay.data) return null;
  return (
    <div data-testid="last-battle" data-result={summary.won ? "win" : "loss"}>
      <BattleLog
        battle={replay.data}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <span className="flex items-center gap-1.5 text-sm text-muted">
              <History className="size-4" aria-hidden="true" />
              Last battle · {timeAgo(summary.createdAt, now)}
            </span>
            <Badge tone={summary.won ? "success" : "danger"}>{summary.won ? "Victory" : "Defeat"}</Badge>
            <Badge tone="cyan">
              <Sparkles className="size-3" aria-hidden="true" />+{summary.xpGained} XP
            </Badge>
            {summary.coinsDelta !== 0 && (
              <Badge tone="legendary">
                <Coins className="size-3" aria-hidden="true" />
                {summary.coinsDelta > 0 ? `+${summary.coinsDelta}` : summary.coinsDelta}
              </Badge>
            )}
            <ButtonLink
              to={replayRoute(summary.id)}
              variant="ghost"
              size="sm"
              icon={<PlayCircle className="size-4" aria-hidden="true" />}
            >
              Watch replay
            </ButtonLink>
          </div>
        }
      />
    </div>
  );
}
