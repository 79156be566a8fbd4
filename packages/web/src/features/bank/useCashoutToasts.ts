// A toast wherever the player is when one of their cash-outs settles (paid, or refunded to the vault), and a
// refresh of the bank; the event comes on the player's own `me` channel.
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../app/queryKeys";
import { toastSoon } from "../../app/toastSoon";
import { useLiveChannel } from "../../app/useLive";
import { formatCoins } from "./coins";

export function useCashoutToasts() {
  const queryClient = useQueryClient();
  useLiveChannel("me", (event) => {
    if (event.kind !== "cashout") return;
    const amount = formatCoins(Number(event.data?.amount ?? 0));
    // The live session runs on the landing page too, whose download leaves sonner out (toastSoon.ts).
    if (event.data?.status === "paid")
      toastSoon((toast) => toast.success(`Your cash-out of ${amount} coins was paid`));
    else if (event.data?.status === "refunded") {
      const reason = String(event.data?.reason ?? "");
      toastSoon((toast) =>
        toast.warning(`Your cash-out of ${amount} coins was refunded to your vault`, { description: reason }),
      );
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.bank });
  });
}
