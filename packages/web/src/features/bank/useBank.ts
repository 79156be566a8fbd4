// The vault's data and actions. Every action refreshes the bank, the ledger and the wallet in the bar; the
// `me` live channel does the same when coins move elsewhere (another tab, a sale on the marketplace).
import type {
  BankSummary,
  BankTransaction,
  CashoutBody,
  CashoutResponse,
  LedgerPage,
} from "@bot-arena/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { bankPaths } from "./paths";

export const LEDGER_PAGE_SIZE = 15;

export function useBank() {
  useLiveInvalidate("me", [queryKeys.bank]);
  return useQuery({
    queryKey: queryKeys.bank,
    queryFn: ({ signal }) => api.get<BankSummary>(bankPaths.summary, signal),
  });
}

export function useLedger() {
  return useInfiniteQuery({
    queryKey: queryKeys.ledger,
    queryFn: ({ pageParam, signal }) =>
      api.get<LedgerPage>(bankPaths.ledger(pageParam, LEDGER_PAGE_SIZE), signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

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
  useBankMutation((amount: number) => api.post<BankTransaction>(bankPaths.deposit, { amount }));

export const useWithdraw = () =>
  useBankMutation((amount: number) => api.post<BankTransaction>(bankPaths.withdraw, { amount }));

export const useCashout = () =>
  useBankMutation((body: CashoutBody) => api.post<CashoutResponse>(bankPaths.cashout, body));
