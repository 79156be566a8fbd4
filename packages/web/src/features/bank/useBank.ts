// The vault's data and actions. Every action refreshes the bank, the ledger and the wallet in the bar; the
// `me` live channel does the same when coins move elsewhere (another tab, a sale on the marketplace).
import type { CashoutBody } from "@bot-arena/contract";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";

export const LEDGER_PAGE_SIZE = 15;

export const bankQuery = () =>
  queryOptions({
    queryKey: queryKeys.bank,
    queryFn: ({ signal }) => call("bank", {}, signal),
  });

export const ledgerQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.ledger,
    queryFn: ({ pageParam, signal }) =>
      call("bankLedger", { query: { limit: LEDGER_PAGE_SIZE, before: pageParam ?? undefined } }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useBank() {
  useLiveInvalidate("me", [queryKeys.bank]);
  return useQuery(bankQuery());
}

export const useLedger = () => useInfiniteQuery(ledgerQuery());

function useBankMutation<TBody, TResult>(send: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bank }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export const useDeposit = () =>
  useBankMutation((amount: number) => call("bankDeposit", { body: { amount } }));

export const useWithdraw = () =>
  useBankMutation((amount: number) => call("bankWithdraw", { body: { amount } }));

export const useCashout = () => useBankMutation((body: CashoutBody) => call("bankCashout", { body }));
