// /customize-bots: a placeholder until this feature ships; replace this file with the real page.
import { Palette } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function CustomizeBotsPage() {
  return <ComingSoon title="Customize Bots" icon={<Palette className="size-6" />} />;
}
