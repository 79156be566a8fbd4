// /create-bot: the first bot. A live preview beside three tabs (Design, Stats, Confirm); creating shows the
// Initialized screen for 2 seconds, then the dashboard. A player who already has bots goes to the dashboard.
import type { Bot } from "@bot-arena/contract";
import { CREATION_SUCCESS_SCREEN_MS, messages } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Cpu } from "lucide-react";
import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { ScreenLoader } from "../../app/ScreenState";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { addCachedBot, invalidateBotsAndMe, useBots } from "../bots/useBots";
import { BotPreviewCard } from "./BotPreviewCard";
import { ConfirmTab } from "./ConfirmTab";
import { DesignTab } from "./DesignTab";
import { type CreateTab, useCreateForm } from "./form";
import { InitializedScreen } from "./InitializedScreen";
import { StatsTab } from "./StatsTab";

// One toast per topic, replaced rather than stacked: the form's refusals share one, creating the bot another.
const CHECK_TOAST = "create-bot-check";
const CREATE_TOAST = "create-bot";

export default function CreateBotPage() {
  const state = useCreateForm();
  const [tab, setTab] = useState<CreateTab>("design");
  const [created, setCreated] = useState<Bot | null>(null);
  const roster = useBots();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The refusal on screen, dismissed as soon as it no longer applies (a name typed, the points placed).
  const [refused, setRefused] = useState<string | null>(null);
  const refuse = (message: string) => {
    setRefused(message);
    toast.error(message, { id: CHECK_TOAST });
  };
  const problems = [
    state.nameCheck.ok ? null : state.nameCheck.message,
    state.statsCheck.ok ? null : messages.allocateAllCreationPoints,
  ];
  const refusalStands = refused !== null && problems.includes(refused);
  useEffect(() => {
    if (refused === null || refusalStands) return;
    setRefused(null);
    toast.dismiss(CHECK_TOAST);
  }, [refused, refusalStands]);
  const create = useMutation({
    mutationFn: () => {
      const { name, model, colorScheme, stats } = state.form;
      return call("createBot", { body: { name: name.trim(), model, colorScheme, ...stats } });
    },
  });

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => {
      toast.success(messages.botCreated, { id: CREATE_TOAST });
      addCachedBot(queryClient, created);
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
    toast.loading(messages.generatingImage, { id: CREATE_TOAST });
    try {
      const bot = await create.mutateAsync();
      // The Initialized screen shows the image: the 'Generating' toast has done its job.
      if (bot.imageUrl === null) toast.warning(messages.imageFallback, { id: CREATE_TOAST });
      else toast.dismiss(CREATE_TOAST);
      setCreated(bot);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create bot"), { id: CREATE_TOAST });
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
        {/* The form first on a phone (the tall preview follows it); the preview on the left on a wide screen. */}
        <Panel className="lg:order-last">
          <Tabs value={tab} activationMode="manual" onValueChange={(value) => goTo(value as CreateTab)}>
            <TabsList aria-label="Creation steps">
              <TabsTrigger value="design">
                <StepLabel step={1}>Design</StepLabel>
              </TabsTrigger>
              <TabsTrigger value="stats">
                <StepLabel step={2}>Stats</StepLabel>
              </TabsTrigger>
              <TabsTrigger value="confirm">
                <StepLabel step={3}>Confirm</StepLabel>
              </TabsTrigger>
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
        <BotPreviewCard form={state.form} />
      </div>
      {created && <InitializedScreen name={created.name} imageUrl={created.imageUrl} />}
    </div>
  );
}

/** '1 · Design' on one line; a phone drops the step number so the three tabs fit its width. */
function StepLabel({ step, children }: { step: number; children: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="max-sm:hidden">{step} · </span>
      {children}
    </span>
  );
}
