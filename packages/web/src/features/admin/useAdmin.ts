// The admin panel's data and actions. Every action refreshes what it changed and the operations log; the
// library counts refresh on a timer while the background top-up is on, so its refills show up.
import type {
  AdminCashoutsResponse,
  AdminOperationsPage,
  AdminTrack,
  GrantCoinsBody,
  GrantCoinsResponse,
  GrantEquipmentBody,
  GrantEquipmentResponse,
  ImageLibrarySummary,
  PlayerLookupResponse,
  SettleCashoutResponse,
} from "@bot-arena/contract";
import {
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { adminKeys, adminPaths, type OperationsFilter } from "./paths";
import { postForm } from "./upload";

export const OPERATIONS_PAGE_SIZE = 25;
const TOP_UP_REFRESH_MS = 10_000;

type Message = { message: string };

function useAdminMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>, refresh: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [...refresh, adminKeys.operations].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useLibrary() {
  return useQuery({
    queryKey: adminKeys.library,
    queryFn: ({ signal }) => api.get<ImageLibrarySummary>(adminPaths.library, signal),
    refetchInterval: (query) => (query.state.data?.topUp.enabled ? TOP_UP_REFRESH_MS : false),
  });
}

export const useUploadImage = () =>
  useAdminMutation(
    (input: { file: File; rarity: string; botClass: string }) =>
      postForm<Message>(
        adminPaths.libraryUpload,
        { rarity: input.rarity, botClass: input.botClass },
        input.file,
      ),
    [adminKeys.library],
  );

export const useGenerateImage = () =>
  useAdminMutation(
    (slot: { rarity: string; botClass: string }) =>
      api.post<Message & { generated: number }>(adminPaths.libraryGenerate, slot),
    [adminKeys.library],
  );

export const useClearLibrary = () =>
  useAdminMutation(() => api.delete<Message & { deleted: number }>(adminPaths.library), [adminKeys.library]);

export const useSetTopUp = () =>
  useAdminMutation(
    (enabled: boolean) => api.put<Message>(adminPaths.libraryTopUp, { enabled }),
    [adminKeys.library],
  );

export function useAdminTracks() {
  return useQuery({
    queryKey: adminKeys.music,
    queryFn: ({ signal }) => api.get<{ tracks: AdminTrack[] }>(adminPaths.music, signal),
  });
}

// The players' own playlist (and this admin's music player) refetch through the `music` live channel.
export const useUploadTrack = () =>
  useAdminMutation(
    (file: File) => postForm<Message>(adminPaths.music, {}, file),
    [adminKeys.music, queryKeys.tracks],
  );

export const useChangeTrack = () =>
  useAdminMutation(
    (input: { id: string; isActive?: boolean; sortOrder?: number }) => {
      const { id, ...body } = input;
      return api.patch<Message>(adminPaths.track(id), body);
    },
    [adminKeys.music, queryKeys.tracks],
  );

export const useDeleteTrack = () =>
  useAdminMutation(
    (id: string) => api.delete<Message>(adminPaths.track(id)),
    [adminKeys.music, queryKeys.tracks],
  );

export function usePlayers(q: string) {
  return useQuery({
    queryKey: adminKeys.players(q),
    queryFn: ({ signal }) => api.get<PlayerLookupResponse>(adminPaths.players(q), signal),
    enabled: q.trim().length > 0,
    staleTime: 5_000,
  });
}

export const useGrantCoins = () =>
  useAdminMutation(
    (body: GrantCoinsBody) => api.post<GrantCoinsResponse>(adminPaths.grantCoins, body),
    [["admin", "players"]],
  );

export const useGrantEquipment = () =>
  useAdminMutation(
    (body: GrantEquipmentBody) => api.post<GrantEquipmentResponse>(adminPaths.grantEquipment, body),
    [["admin", "players"]],
  );

export function useOperations(filter: OperationsFilter) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.operations, filter],
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminOperationsPage>(adminPaths.operations(filter, pageParam, OPERATIONS_PAGE_SIZE), signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // Other admins (and the tournament and chat screens) write to the log too.
    refetchInterval: 15_000,
  });
}

export function useCashouts(status: string) {
  return useQuery({
    queryKey: [...adminKeys.cashouts, status],
    queryFn: ({ signal }) => api.get<AdminCashoutsResponse>(adminPaths.cashouts(status), signal),
    // New requests arrive from players at any time.
    refetchInterval: 30_000,
  });
}

export const useSettleCashout = () =>
  useAdminMutation(
    (input: { id: string; paid: true; reference: string } | { id: string; paid: false; reason: string }) =>
      input.paid
        ? api.post<SettleCashoutResponse>(adminPaths.cashoutPaid(input.id), { reference: input.reference })
        : api.post<SettleCashoutResponse>(adminPaths.cashoutRefund(input.id), { reason: input.reason }),
    [adminKeys.cashouts],
  );
