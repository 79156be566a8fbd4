// /repair: a placeholder until this feature ships; replace this file with the real page.
import { Wrench } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function RepairPage() {
  return <ComingSoon title="Repair Shop" icon={<Wrench className="size-6" />} />;
}
