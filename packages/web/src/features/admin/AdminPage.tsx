// /admin (seed 001): Tournaments (with the guild war rewards), Image Library, Music Management and Player
// Management tabs, then this visit's colour-coded log and the persistent operations log of every admin. The route
// guard keeps players out (the server refuses every admin route to them anyway); the open tab is kept in the
// address (?tab=).
import { ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../ui/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { ModerationPanel } from "../chat/ModerationPanel";
import AdminTournamentsTab from "../tournament/admin/AdminTournamentsTab";
import { CashoutsTab } from "./cashouts/CashoutsTab";
import { GuildWarRewardsForm } from "./GuildWarRewardsForm";
import { ImageLibraryTab } from "./ImageLibraryTab";
import { MusicTab } from "./MusicTab";
import { OperationsHistory, SessionLog } from "./OperationsLog";
import { OpsLogProvider } from "./opsLog";
import { PlayersTab } from "./PlayersTab";

const tabs = [
  { value: "tournaments", label: "Tournaments" },
  { value: "images", label: "Image Library" },
  { value: "music", label: "Music Management" },
  { value: "players", label: "Player Management" },
  { value: "cashouts", label: "Cash-outs" },
  { value: "moderation", label: "Moderation" },
] as const;

export default function AdminPage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("tab");
  const tab = tabs.some((t) => t.value === asked) ? (asked as string) : "tournaments";
  return (
    <OpsLogProvider>
      <PageHeader
        title="Admin Panel"
        subtitle="Tournaments and guild war rewards, the bot image library, music and player grants. Every action is logged."
        icon={<ShieldCheck className="size-6" />}
      />
      <Tabs value={tab} onValueChange={(value) => setSearch({ tab: value }, { replace: true })}>
        <TabsList
          // Two a row on a phone (an odd last tab takes the whole row), all in one row on a wide screen.
          className="grid grid-cols-2 lg:auto-cols-fr lg:grid-flow-col [&>*:last-child:nth-child(odd)]:col-span-2 lg:[&>*:last-child:nth-child(odd)]:col-span-1"
          aria-label="Admin sections"
        >
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="px-2 leading-tight">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="tournaments">
          <AdminTournamentsTab>
            <GuildWarRewardsForm />
          </AdminTournamentsTab>
        </TabsContent>
        <TabsContent value="images">
          <ImageLibraryTab />
        </TabsContent>
        <TabsContent value="music">
          <MusicTab />
        </TabsContent>
        <TabsContent value="players">
          <PlayersTab />
        </TabsContent>
        <TabsContent value="cashouts">
          <CashoutsTab />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationPanel />
        </TabsContent>
      </Tabs>
      <div className="mt-8 grid gap-6 xl:grid-cols-[2fr_3fr]">
        <SessionLog />
        <OperationsHistory />
      </div>
    </OpsLogProvider>
  );
}
