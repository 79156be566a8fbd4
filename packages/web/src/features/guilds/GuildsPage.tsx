// /guilds: a placeholder until this feature ships; replace this file with the real page.
import { Users } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function GuildsPage() {
  return <ComingSoon title="Guilds" icon={<Users className="size-6" />} />;
}
