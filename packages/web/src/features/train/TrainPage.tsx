// /train: a placeholder until this feature ships; replace this file with the real page.
import { Dumbbell } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function TrainPage() {
  return <ComingSoon title="Training Facility" icon={<Dumbbell className="size-6" />} />;
}
