// The "Recent battles" slot of BOT COMMAND, filled by the arena feature: whichever of battles/ or fight/
// holds RecentBattles.tsx exporting `RecentBattles({ botId })` renders here; until one does, nothing does.
import { type ComponentType, lazy, Suspense } from "react";

type RecentBattlesProps = { botId: string };
type RecentBattlesModule = { RecentBattles: ComponentType<RecentBattlesProps> };

const modules = import.meta.glob<RecentBattlesModule>([
  "../battles/RecentBattles.tsx",
  "../fight/RecentBattles.tsx",
]);
const load = Object.values(modules)[0];
const RecentBattles = load ? lazy(() => load().then((module) => ({ default: module.RecentBattles }))) : null;

export function RecentBattlesSlot({ botId }: RecentBattlesProps) {
  if (!RecentBattles) return null;
  return (
    <Suspense fallback={null}>
      <RecentBattles botId={botId} />
    </Suspense>
  );
}
