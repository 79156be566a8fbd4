// The bank follows the player's cash-outs wherever they are: a request's stage moving (approved, paid, refunded)
// comes on their `me` channel. The settlement's toast is an alert of its own (app/alerts).
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../app/queryKeys";
import { useLiveChannel } from "../../app/useLive";

export function useBankLive() {
  const queryClient = useQueryClient();
  useLiveChannel("me", (event) => {
    if (event.kind === "cashout") void queryClient.invalidateQueries({ queryKey: queryKeys.bank });
  });
}
