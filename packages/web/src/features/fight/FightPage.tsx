// /fight, the Battle Arena: the active bot with its energy out of 100, the 'AI Battle' and 'PvP Battle' tabs,
// the COMBAT ZONE playing what the server decided, and the text Battle Log that stays afterwards.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { PlayCircle, Swords } from "lucide-react";
import { ScreenQueryView } from "../../app/QueryView";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { replayRoute } from "../battles/api";
import { BattleLog } from "../battles/BattleLog";
import { CombatZone } from "../battles/CombatZone";
import { NoActiveBotPanel } from "../bots/NoActiveBotPanel";
import { useActiveBot } from "../bots/useBots";
import { ActiveBotPanel } from "./ActiveBotPanel";
import { AiBattleTab } from "./AiBattleTab";
import { LastBattle } from "./LastBattle";
import { OutcomeSummary } from "./OutcomeSummary";
import { PvpBattleTab } from "./PvpBattleTab";
import { useBattleRun } from "./useBattleRun";

const header = (
  <PageHeader
    title="Battle Arena"
    subtitle="Every blow is decided by the arena's servers. Pick your fight."
    icon={<Swords className="size-6" />}
  />
);

export default function FightPage() {
  const activeBot = useActiveBot();
  return (
    <ScreenQueryView query={activeBot} loading="Loading your bot" title="Failed to load your bot">
      {(bot) => <Arena bot={bot} />}
    </ScreenQueryView>
  );
}

function Arena({ bot }: { bot: Bot | null }) {
  const run = useBattleRun();
  if (!bot) {
    return (
      <div>
        {header}
        <NoActiveBotPanel text={messages.noActiveBot}>
          <ButtonLink to="/dashboard">Activate a Bot</ButtonLink>
          <ButtonLink to="/create-bot" variant="secondary">
            Create a Bot
          </ButtonLink>
        </NoActiveBotPanel>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}
      {/* minmax(0, 1fr): a long (truncated) name must not widen the page on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ActiveBotPanel bot={bot} />
        <Panel tone="magenta">
          <Tabs defaultValue="ai">
            <TabsList>
              <TabsTrigger value="ai">AI Battle</TabsTrigger>
              <TabsTrigger value="pvp">PvP Battle</TabsTrigger>
            </TabsList>
            <TabsContent value="ai">
              <AiBattleTab bot={bot} onFought={run.start} />
            </TabsContent>
            <TabsContent value="pvp">
              <PvpBattleTab bot={bot} onFought={run.start} />
            </TabsContent>
          </Tabs>
        </Panel>
      </div>

      {/* No battle of this visit (a reload mid-battle, a return): the last one the server settled. */}
      {run.outcome ? (
        <BattleLog
          battle={run.outcome.battle}
          actions={
            <ButtonLink
              to={replayRoute(run.outcome.battle.id)}
              variant="ghost"
              size="sm"
              icon={<PlayCircle className="size-4" aria-hidden="true" />}
            >
              Watch replay
            </ButtonLink>
          }
        />
      ) : (
        <LastBattle botId={bot.id} />
      )}

      {run.outcome && run.watching && (
        <CombatZone
          battle={run.outcome.battle}
          viewer="attacker"
          summary={<OutcomeSummary outcome={run.outcome} />}
          onResult={run.announce}
          onClose={run.close}
        />
      )}
    </div>
  );
}
