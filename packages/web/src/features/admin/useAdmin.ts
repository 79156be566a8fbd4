// The admin panel's data and actions. Every action refreshes what it changed and the operations log; the
// library counts refresh on a timer while the background top-up is on, so its refills show up.
import type {
  AdminOperationResult,
  CashoutStatus,
  GrantCoinsBody,
  GrantEquipmentBody,
  GuildWarRewardsBody,
} from "@bot-arena/contract";
import {
  infiniteQueryOptions,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { type CallInput, call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { upload } from "./upload";

export const OPERATIONS_PAGE_SIZE = 25;
/** A rarity and class of the image library, as the generate route takes them. */
export type LibrarySlot = CallInput<"adminImageGenerate">["body"];
const TOP_UP_REFRESH_MS = 10_000;

export type OperationsFilter = { result?: AdminOperationResult; action?: string; mine?: string };

function useAdminMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>, refresh: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [...refresh, queryKeys.admin.operations].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const libraryQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.library,
    queryFn: ({ signal }) => call("adminImageLibrary", {}, signal),
    refetchInterval: (query) => (query.state.data?.topUp.enabled ? TOP_UP_REFRESH_MS : false),
  });

export const useLibrary = () => useQuery(libraryQuery());

export const useUploadImage = () =>
  useAdminMutation(
    (input: { file: File; rarity: string; botClass: string }) =>
      upload("adminImageUpload", { rarity: input.rarity, botClass: input.botClass }, input.file),
    [queryKeys.admin.library],
  );

export const useGenerateImage = () =>
  useAdminMutation(
    (slot: LibrarySlot) => call("adminImageGenerate", { body: slot }),
    [queryKeys.admin.library],
  );

export const useClearLibrary = () =>
  useAdminMutation(() => call("adminImageClear"), [queryKeys.admin.library]);

export const useSetTopUp = () =>
  useAdminMutation(
    (enabled: boolean) => call("adminImageTopUp", { body: { enabled } }),
    [queryKeys.admin.library],
  );

export const adminTracksQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.music,
    queryFn: ({ signal }) => call("adminMusic", {}, signal),
  });

export const useAdminTracks = () => useQuery(adminTracksQuery());

// The players' own playlist (and this admin's music player) refetch through the `music` live channel.
export const useUploadTrack = () =>
  useAdminMutation(
    (file: File) => upload("adminMusicUpload", {}, file),
    [queryKeys.admin.music, queryKeys.tracks],
  );

export const useChangeTrack = () =>
  useAdminMutation(
    (input: { id: string; isActive?: boolean; sortOrder?: number }) => {
      const { id, ...body } = input;
      return call("adminMusicChange", { params: { id }, body });
    },
    [queryKeys.admin.music, queryKeys.tracks],
  );

export const useDeleteTrack = () =>
  useAdminMutation(
    (id: string) => call("adminMusicDelete", { params: { id } }),
    [queryKeys.admin.music, queryKeys.tracks],
  );

export const playersQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.admin.playerSearch(q),
    queryFn: ({ signal }) => call("adminPlayers", { query: { q } }, signal),
    enabled: q.trim().length > 0,
    staleTime: 5_000,
  });

export const usePlayers = (q: string) => useQuery(playersQuery(q));

export const useGrantCoins = () =>
  useAdminMutation((body: GrantCoinsBody) => call("grantCoins", { body }), [queryKeys.admin.players]);

export const useGrantEquipment = () =>
  useAdminMutation((body: GrantEquipmentBody) => call("grantEquipment", { body }), [queryKeys.admin.players]);

export const operationsQuery = (filter: OperationsFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.operationsFiltered(filter),
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

export const useOperations = (filter: OperationsFilter) => useInfiniteQuery(operationsQuery(filter));

export const cashoutsQuery = (status: CashoutStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.cashoutsOf(status),
    queryFn: ({ signal }) => call("adminCashouts", { query: { status } }, signal),
    // New requests arrive from players at any time.
    refetchInterval: 30_000,
  });

export const useCashouts = (status: CashoutStatus) => useQuery(cashoutsQuery(status));

export const useSettleCashout = () =>
  useAdminMutation(
    (input: { id: string; paid: true; reference: string } | { id: string; paid: false; reason: string }) =>
      input.paid
        ? call("adminCashoutPaid", { params: { id: input.id }, body: { reference: input.reference } })
        : call("adminCashoutRefund", { params: { id: input.id }, body: { reason: input.reason } }),
    [queryKeys.admin.cashouts],
  );

export const useApproveCashout = () =>
  useAdminMutation(
    (id: string) => call("adminCashoutApprove", { params: { id } }),
    [queryKeys.admin.cashouts],
  );

export const useFreezeAccount = () =>
  useAdminMutation(
    (input: { userId: string; reason: string; linked: boolean }) =>
      call("adminAccountFreeze", {
        params: { id: input.userId },
        body: { reason: input.reason, linked: input.linked },
      }),
    [queryKeys.admin.cashouts],
  );

export const useUnfreezeAccount = () =>
  useAdminMutation(
    (userId: string) => call("adminAccountUnfreeze", { params: { id: userId } }),
    [queryKeys.admin.cashouts],
  );

/** The three place rewards the next guild war will pay from the house. */
export const guildWarRewardsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.guildWarRewards,
    queryFn: ({ signal }) => call("guildWarRewards", {}, signal),
  });

export const useGuildWarRewards = () => useQuery(guildWarRewardsQuery());

export const useSetGuildWarRewards = () =>
  useAdminMutation(
    (body: GuildWarRewardsBody) => call("setGuildWarRewards", { body }),
    [queryKeys.admin.guildWarRewards],
  );
