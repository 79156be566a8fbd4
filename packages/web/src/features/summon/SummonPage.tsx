import { MAX_BOTS, messages, type SummonCount } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Bot as BotIcon, Coins, Sparkles } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { ScreenQueryView } from "../../app/QueryView";
import { queryKeys } from "../../app/queryKeys";
import { ScreenLoader } from "../../app/ScreenState";
import { useMe } from "../../app/session";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { invalidateBotsAndMe, useBots } from "../bots/useBots";
import { AllocateDialog } from "./AllocateDialog";
import { NameDialog } from "./NameDialog";
import { RateTables } from "./RateTables";
import { RevealAllSheet } from "./RevealAllSheet";
import { RevealOverlay } from "./RevealOverlay";
import { SummonCards } from "./SummonCards";
import { SummonHistoryPanel } from "./SummonHistoryPanel";
import { useSummonFlow } from "./useSummonFlow";
import { useSummonHistory } from "./useSummonHistory";

export default function SummonPage() {
  const me = useMe();
  const roster = useBots();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const history = useSummonHistory(page);
  const flow = useSummonFlow(roster.data);
  const summon = useMutation({
    mutationFn: (count: SummonCount) => call("summonBots", { body: { count } }),
    onSuccess: async (answer) => {
      toast.success(messages.summoned(answer.botIds.length));
      await invalidateBotsAndMe(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.summons });
      flow.start(answer.botIds);
    },
    onError: (error) => toast.error(errorMessage(error, "Summon failed")),
  });

  if (me.isPending) return <ScreenLoader />;
  const coins = me.data?.coins ?? 0;

  return (
    <ScreenQueryView query={roster} title="Failed to load data">
      {({ length: owned }) => (
        <div>
          <PageHeader
            title="Summon Bots"
            subtitle="Open the portal and call new combat units to your roster."
            icon={<Sparkles className="size-6" />}
            actions={
              <div className="flex flex-wrap gap-2">
                <span className="inline-flex items-center gap-2 rounded-md border border-amber/40 bg-amber/10 px-3 py-2 font-display text-sm font-bold text-amber">
                  <Coins className="size-4" aria-hidden="true" />
                  <span data-testid="summon-balance">{coins.toLocaleString("en-US")}</span>
                </span>
                <span className="inline-flex items-center gap-2 rounded-md border border-cyan/40 bg-cyan/10 px-3 py-2 font-display text-sm font-bold text-cyan">
                  <BotIcon className="size-4" aria-hidden="true" />
                  <span data-testid="bots-owned">
                    Bots Owned {owned} / {MAX_BOTS}
                  </span>
                </span>
              </div>
            }
          />
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
            <div className="space-y-6">
              <Panel>
                <SummonCards
                  owned={owned}
                  coins={coins}
                  singlesUntilRare={history.data?.singleSummonsUntilRare ?? null}
                  busy={summon.isPending ? (summon.variables ?? null) : null}
                  onSummon={(count) => summon.mutate(count)}
                />
              </Panel>
              <Panel tone="neutral" aria-label="Rarity chances">
                <h2 className="mb-3 font-display text-sm font-bold uppercase tracking-[0.25em] text-cyan">
                  Rarity Chances
                </h2>
                <RateTables counts={history.data?.counts} />
              </Panel>
            </div>
            <Panel tone="magenta">
              <SummonHistoryPanel history={history.data} onPage={setPage} />
            </Panel>
          </div>

          {flow.step === "reveal" && (
            <RevealOverlay
              bot={flow.bot}
              onDone={flow.revealed}
              revealsLeft={flow.revealsLeft}
              onRevealAll={flow.revealAll}
            />
          )}
          {flow.step === "overview" && (
            <RevealAllSheet
              bots={flow.overviewIds.flatMap((id) => roster.data?.find((b) => b.id === id) ?? [])}
              onNow={flow.setUpNow}
              onLater={flow.later}
            />
          )}
          {flow.step === "name" && flow.bot && <NameDialog key={flow.bot.id} bot={flow.bot} />}
          {flow.step === "allocate" && flow.bot && (
            <AllocateDialog key={flow.bot.id} bot={flow.bot} onDone={flow.finished} />
          )}
        </div>
      )}
    </ScreenQueryView>
  );
}
