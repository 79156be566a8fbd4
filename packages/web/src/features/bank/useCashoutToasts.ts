// A toast wherever the player is when one of their cash-outs settles (paid, or refunded to the vault), and a
// refresh of the bank; the event comes on the player's own `me` channel.
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { queryKeys } from "../../app/queryKeys";
import { useLiveChannel } from "../../app/useLive";
import { formatCoins } from "./coins";

export function useCashoutToasts() {
  const queryClient = useQueryClient();
  useLiveChannel("me", (event) => {
    if (event.kind !== "cashout") return;
    const amount = formatCoins(Number(event.data?.amount ?? 0));
    if (event.data?.status === "paid") toast.success(`Your cash-out of ${amount} coins was paid`);
    else if (event.data?.status === "refunded") {
      toast.warning(`Your cash-out of ${amount} coins was refunded to your vault`, {
        description: String(event.data?.reason ?? ""),
      });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.bank });
  });
}
