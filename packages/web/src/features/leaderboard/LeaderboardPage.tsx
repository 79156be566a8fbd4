// /leaderboard: a placeholder until this feature ships; replace this file with the real page.
import { Crown } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function LeaderboardPage() {
  return <ComingSoon title="Leaderboard" icon={<Crown className="size-6" />} />;
}
