// /dashboard: a placeholder until this feature ships; replace this file with the real page.
import { LayoutDashboard } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function DashboardPage() {
  return <ComingSoon title="BOT COMMAND" icon={<LayoutDashboard className="size-6" />} />;
}
