// /guild-wars: a placeholder until this feature ships; replace this file with the real page.
import { Castle } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function GuildWarsPage() {
  return <ComingSoon title="Guild Wars" icon={<Castle className="size-6" />} />;
}
