// /create-bot: the first bot. A live preview beside three tabs (Design, Stats, Confirm); creating shows the
// Initialized screen for 2 seconds, then the dashboard. A player who already has bots goes to the dashboard.
import type { Bot } from "@bot-arena/contract";
import { CREATION_SUCCESS_SCREEN_MS, messages } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Cpu } from "lucide-react";
import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { api, errorMessage } from "../../app/api";
import { ScreenLoader } from "../../app/ScreenState";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { botPaths } from "../bots/paths";
import { invalidateBotsAndMe, useBots } from "../bots/useBots";
import { BotPreviewCard } from "./BotPreviewCard";
import { ConfirmTab } from "./ConfirmTab";
import { DesignTab } from "./DesignTab";
import { type CreateTab, useCreateForm } from "./form";
import { InitializedScreen } from "./InitializedScreen";
import { StatsTab } from "./StatsTab";

/** One toast per message: a repeated click refreshes it instead of stacking copies. */
const refuse = (message: string) => void toast.error(message, { id: message });

export default function CreateBotPage() {
  const state = useCreateForm();
  const [tab, setTab] = useState<CreateTab>("design");
  const [created, setCreated] = useState<Bot | null>(null);
  const roster = useBots();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => {
      const { name, model, colorScheme, stats } = state.form;
      return api.post<Bot>(botPaths.create, { name: name.trim(), model, colorScheme, ...stats });
    },
  });

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => {
      toast.success(messages.botCreated);
      void invalidateBotsAndMe(queryClient);
      void navigate("/dashboard", { replace: true });
    }, CREATION_SUCCESS_SCREEN_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate, queryClient]);

  if (roster.isPending) return <ScreenLoader />;
  if (!created && roster.data && roster.data.length > 0) return <Navigate to="/dashboard" replace />;

  /** Tabs ahead of the current one open only when what comes before them is valid. */
  const goTo = (next: CreateTab) => {
    if (next !== "design" && !state.nameCheck.ok) {
      refuse(state.nameCheck.message);
      return;
    }
    if (next === "confirm" && !state.statsCheck.ok) {
      refuse(messages.allocateAllCreationPoints);
      return;
    }
    setTab(next);
  };

  const submit = async () => {
    if (!state.statsCheck.ok) return refuse(messages.allocateAllCreationPoints);
    if (!state.nameCheck.ok) return refuse(state.nameCheck.message);
    toast.info(messages.generatingImage);
    try {
      const bot = await create.mutateAsync();
      if (bot.imageUrl === null) toast.warning(messages.imageFallback);
      setCreated(bot);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create bot"));
    }
  };

  return (
    <div>
      <PageHeader
        title="Create Your Bot"
        subtitle="Design your first combat unit. It's free, and it will fight at your side."
        icon={<Cpu className="size-6" />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <BotPreviewCard form={state.form} />
        <Panel>
          <Tabs value={tab} activationMode="manual" onValueChange={(value) => goTo(value as CreateTab)}>
            <TabsList aria-label="Creation steps">
              <TabsTrigger value="design">1 · Design</TabsTrigger>
              <TabsTrigger value="stats">2 · Stats</TabsTrigger>
              <TabsTrigger value="confirm">3 · Confirm</TabsTrigger>
            </TabsList>
            <TabsContent value="design">
              <DesignTab state={state} onNext={() => goTo("stats")} />
            </TabsContent>
            <TabsContent value="stats">
              <StatsTab state={state} onBack={() => setTab("design")} onNext={() => goTo("confirm")} />
            </TabsContent>
            <TabsContent value="confirm">
              <ConfirmTab
                state={state}
                busy={create.isPending || created !== null}
                onBack={() => setTab("stats")}
                onCreate={() => void submit()}
              />
            </TabsContent>
          </Tabs>
        </Panel>
      </div>
      {created && <InitializedScreen name={created.name} imageUrl={created.imageUrl} />}
    </div>
  );
}
