// /guilds/:id: a placeholder until this feature ships; replace this file with the real page.
import { Flag } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function GuildPage() {
  return <ComingSoon title="Guild" icon={<Flag className="size-6" />} />;
}
