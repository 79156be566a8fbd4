// /guild-wars: the tabs 'Active Wars (n)', 'History (n)' and 'Guild Leaderboard', live over the `guild-wars` channel. Wars open by
// themselves when 8 guilds are ready; players watch the standings and open any duel in the COMBAT ZONE. The page
// says in plain words what a war is: free to enter, the arena pays the top three banks; above the tabs, how many
// guilds are ready now and when the player's guild can fight next (guilds rest after each war).
import type { GuildWarList, GuildWarSummary } from "@bot-arena/contract";
import { GUILD_WAR_REWARDS, messages } from "@bot-arena/game";
import { Shield, Swords } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { ScreenQueryView } from "../../app/QueryView";
import { useServerNow } from "../../app/useServerNow";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { formatCoins } from "../bank/coins";
import { useGuildWars } from "./api";
import { GuildLeaderboardTab } from "./GuildLeaderboardTab";
import { HistoryCard } from "./HistoryCard";
import { NextWarPanel } from "./NextWarPanel";
import { type WarRewards, warRules } from "./rules";
import { WarCard } from "./WarCard";

/**
 * The rewards the page quotes: those of the newest war it has (the admin's choice when it opened), else the
 * house defaults. Players are not told the next war's own until it opens.
 */
function quotedRewards(wars: GuildWarSummary[]): WarRewards {
  const newest = wars.reduce<GuildWarSummary | null>(
    (found, war) => (found === null || war.createdAt > found.createdAt ? war : found),
    null,
  );
  return newest?.rewards ?? GUILD_WAR_REWARDS;
}

export default function GuildWarsPage() {
  const wars = useGuildWars();
  return (
    <ScreenQueryView query={wars} loading="Loading guild wars" title="Failed to load data">
      {(list) => <GuildWars wars={list} />}
    </ScreenQueryView>
  );
}

function GuildWars({ wars }: { wars: GuildWarList }) {
  // The countdowns run on the server's clock (its answer carries the time), not the device's.
  const now = useServerNow(wars.serverTime);
  const { active, history, myGuildId } = wars;
  const rewards = quotedRewards([...active, ...history]);
  // A link to one war's card (a guild chat's war line): its tab opens and the card scrolls into view.
  const { hash } = useLocation();
  const linked = hash.startsWith("#war-") ? hash.slice("#war-".length) : null;
  const linkedTab = history.some((w) => w.id === linked) ? "history" : "active";
  useEffect(() => {
    if (linked) document.getElementById(`war-${linked}`)?.scrollIntoView?.({ block: "start" });
  }, [linked]);
  const prizeTotal = rewards.first + rewards.second + rewards.third;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Guild Wars"
        subtitle={`Eight guilds, a round robin of duels, ${formatCoins(prizeTotal)} coins from the arena for the top three banks. Free to enter.`}
        icon={<Swords className="size-6" />}
        actions={
          <ButtonLink
            to="/guilds"
            variant="secondary"
            icon={<Shield className="size-4" aria-hidden="true" />}
          >
            Guilds
          </ButtonLink>
        }
      />
      <NextWarPanel muster={wars.muster} myGuild={wars.myGuild} now={now} />
      <Tabs defaultValue={linkedTab}>
        <TabsList className="max-w-2xl">
          <TabsTrigger value="active">Active Wars ({active.length})</TabsTrigger>
          <TabsTrigger value="history">History ({history.length})</TabsTrigger>
          <TabsTrigger value="leaderboard">Guild Leaderboard</TabsTrigger>
        </TabsList>
        <TabsContent value="active" className="space-y-4">
          {active.length === 0 ? (
            <Panel tone="neutral" data-testid="no-active-wars">
              <div className="mx-auto max-w-2xl py-8 text-center">
                <Swords className="mx-auto size-10 text-muted" aria-hidden="true" />
                <p className="mt-3 font-display text-lg font-bold uppercase tracking-wider text-ink">
                  {messages.noActiveWars}
                </p>
                <p className="mt-2 text-ink">{messages.warHint}</p>
                <p className="mt-3 text-muted" data-testid="war-rules">
                  {warRules(rewards)}
                </p>
                <p className="mt-3 text-sm text-muted">
                  A leader or an officer may choose 'Sit out the next war' on the guild's page.
                </p>
                <ButtonLink
                  to="/guilds"
                  variant="secondary"
                  className="mt-5"
                  icon={<Shield className="size-4" aria-hidden="true" />}
                >
                  Find or found a guild
                </ButtonLink>
              </div>
            </Panel>
          ) : (
            <>
              {active.map((war) => (
                <WarCard key={war.id} war={war} now={now} myGuildId={myGuildId} />
              ))}
              <p className="text-sm text-muted" data-testid="war-rules">
                {warRules(rewards)}
              </p>
            </>
          )}
        </TabsContent>
        <TabsContent value="history" className="space-y-4">
          {history.length === 0 ? (
            <p className="py-8 text-center text-muted">No guild war has finished yet.</p>
          ) : (
            history.map((war) => <HistoryCard key={war.id} war={war} now={now} myGuildId={myGuildId} />)
          )}
        </TabsContent>
        <TabsContent value="leaderboard">
          <Panel tone="neutral" padded={false} className="overflow-hidden">
            <GuildLeaderboardTab myGuildId={myGuildId} />
          </Panel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
