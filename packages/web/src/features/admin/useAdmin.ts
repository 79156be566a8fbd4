// The admin panel's data and actions. Every action refreshes what it changed and the operations log; the
// library counts refresh on a timer while the background top-up is on, so its refills show up.
import type {
  CashoutStatus,
  GrantCoinsBody,
  GrantEquipmentBody,
  GuildWarRewardsBody,
} from "@bot-arena/contract";
import {
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { type CallInput, call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { adminKeys, type OperationsFilter } from "./keys";
import { upload } from "./upload";

export const OPERATIONS_PAGE_SIZE = 25;
/** A rarity and class of the image library, as the generate route takes them. */
export type LibrarySlot = CallInput<"adminImageGenerate">["body"];
const TOP_UP_REFRESH_MS = 10_000;

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
    queryFn: ({ signal }) => call("adminImageLibrary", {}, signal),
    refetchInterval: (query) => (query.state.data?.topUp.enabled ? TOP_UP_REFRESH_MS : false),
  });
}

export const useUploadImage = () =>
  useAdminMutation(
    (input: { file: File; rarity: string; botClass: string }) =>
      upload("adminImageUpload", { rarity: input.rarity, botClass: input.botClass }, input.file),
    [adminKeys.library],
  );

export const useGenerateImage = () =>
  useAdminMutation((slot: LibrarySlot) => call("adminImageGenerate", { body: slot }), [adminKeys.library]);

export const useClearLibrary = () => useAdminMutation(() => call("adminImageClear"), [adminKeys.library]);

export const useSetTopUp = () =>
  useAdminMutation((enabled: boolean) => call("adminImageTopUp", { body: { enabled } }), [adminKeys.library]);

export function useAdminTracks() {
  return useQuery({
    queryKey: adminKeys.music,
    queryFn: ({ signal }) => call("adminMusic", {}, signal),
  });
}

// The players' own playlist (and this admin's music player) refetch through the `music` live channel.
export const useUploadTrack = () =>
  useAdminMutation((file: File) => upload("adminMusicUpload", {}, file), [adminKeys.music, queryKeys.tracks]);

export const useChangeTrack = () =>
  useAdminMutation(
    (input: { id: string; isActive?: boolean; sortOrder?: number }) => {
      const { id, ...body } = input;
      return call("adminMusicChange", { params: { id }, body });
    },
    [adminKeys.music, queryKeys.tracks],
  );

export const useDeleteTrack = () =>
  useAdminMutation(
    (id: string) => call("adminMusicDelete", { params: { id } }),
    [adminKeys.music, queryKeys.tracks],
  );

export function usePlayers(q: string) {
  return useQuery({
    queryKey: adminKeys.players(q),
    queryFn: ({ signal }) => call("adminPlayers", { query: { q } }, signal),
    enabled: q.trim().length > 0,
    staleTime: 5_000,
  });
}

export const useGrantCoins = () =>
  useAdminMutation((body: GrantCoinsBody) => call("grantCoins", { body }), [["admin", "players"]]);

export const useGrantEquipment = () =>
  useAdminMutation((body: GrantEquipmentBody) => call("grantEquipment", { body }), [["admin", "players"]]);

export function useOperations(filter: OperationsFilter) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.operations, filter],
    queryFn: ({ pageParam, signal }) =>
      call(
        "adminOperations",
        {
          query: {
            limit: OPERATIONS_PAGE_SIZE,
            result: filter.result || undefined,
            action: filter.action || undefined,
            adminId: filter.mine || undefined,
            before: pageParam ?? undefined,
          },
        },
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // Other admins (and the tournament and chat screens) write to the log too.
    refetchInterval: 15_000,
  });
}

export function useCashouts(status: CashoutStatus) {
  return useQuery({
    queryKey: [...adminKeys.cashouts, status],
    queryFn: ({ signal }) => call("adminCashouts", { query: { status } }, signal),
    // New requests arrive from players at any time.
    refetchInterval: 30_000,
  });
}

export const useSettleCashout = () =>
  useAdminMutation(
    (input: { id: string; paid: true; reference: string } | { id: string; paid: false; reason: string }) =>
      input.paid
        ? call("adminCashoutPaid", { params: { id: input.id }, body: { reference: input.reference } })
        : call("adminCashoutRefund", { params: { id: input.id }, body: { reason: input.reason } }),
    [adminKeys.cashouts],
  );

export const useApproveCashout = () =>
  useAdminMutation((id: string) => call("adminCashoutApprove", { params: { id } }), [adminKeys.cashouts]);

export const useFreezeAccount = () =>
  useAdminMutation(
    (input: { userId: string; reason: string; linked: boolean }) =>
      call("adminAccountFreeze", {
        params: { id: input.userId },
        body: { reason: input.reason, linked: input.linked },
      }),
    [adminKeys.cashouts],
  );

export const useUnfreezeAccount = () =>
  useAdminMutation(
    (userId: string) => call("adminAccountUnfreeze", { params: { id: userId } }),
    [adminKeys.cashouts],
  );

/** The three place rewards the next guild war will pay from the house. */
export function useGuildWarRewards() {
  return useQuery({
    queryKey: adminKeys.guildWarRewards,
    queryFn: ({ signal }) => call("guildWarRewards", {}, signal),
  });
}

export const useSetGuildWarRewards = () =>
  useAdminMutation(
    (body: GuildWarRewardsBody) => call("setGuildWarRewards", { body }),
    [adminKeys.guildWarRewards],
  );
