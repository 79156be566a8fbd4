// /guild-wars: the tabs 'Active Wars (n)' and 'History (n)', live over the `guild-wars` channel. Wars open by
// themselves when 8 guilds are ready; players watch the standings and open any duel in the COMBAT ZONE.
import { messages } from "@bot-arena/game";
import { Shield, Swords } from "lucide-react";
import { ScreenLoader, ScreenMessage } from "../../app/ScreenState";
import { useServerNow } from "../../app/useServerNow";
import { ButtonLink } from "../../ui/Button";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { useGuildWars } from "./api";
import { HistoryCard } from "./HistoryCard";
import { WarCard } from "./WarCard";

export default function GuildWarsPage() {
  const wars = useGuildWars();
  // The countdowns run on the server's clock (its answer carries the time), not the device's.
  const now = useServerNow(wars.data?.serverTime);
  if (wars.isPending) return <ScreenLoader label="Loading guild wars" />;
  if (wars.isError) return <ScreenMessage title="Failed to load data" onRetry={() => void wars.refetch()} />;
  const { active, history } = wars.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Guild Wars"
        subtitle="Eight guilds, a round robin of duels, 3,500 coins for the top three banks."
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
      <Tabs defaultValue="active">
        <TabsList className="max-w-lg">
          <TabsTrigger value="active">Active Wars ({active.length})</TabsTrigger>
          <TabsTrigger value="history">History ({history.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="active" className="space-y-4">
          {active.length === 0 ? (
            <Panel tone="neutral">
              <div className="py-8 text-center">
                <Swords className="mx-auto size-10 text-muted" aria-hidden="true" />
                <p className="mt-3 font-display text-lg font-bold uppercase tracking-wider text-ink">
                  {messages.noActiveWars}
                </p>
                <p className="mt-2 text-muted">{messages.warHint}</p>
              </div>
            </Panel>
          ) : (
            active.map((war) => <WarCard key={war.id} war={war} now={now} />)
          )}
        </TabsContent>
        <TabsContent value="history" className="space-y-4">
          {history.length === 0 ? (
            <p className="py-8 text-center text-muted">No guild war has finished yet.</p>
          ) : (
            history.map((war) => <HistoryCard key={war.id} war={war} now={now} />)
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
