// /admin: a placeholder until this feature ships; replace this file with the real page.
import { ShieldCheck } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function AdminPage() {
  return <ComingSoon title="Admin Panel" icon={<ShieldCheck className="size-6" />} />;
}
