// The guilds' data and actions. Pages listen on the live channels (`guilds` for the list, `guild:<id>` for one
// guild), so a donation, a join or a war anywhere shows at once; wallets move through the `me` channel.
import type { BuyPerkBody, CreateGuildBody, GuildDetail } from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { LIST_REFRESH_GAP_MS } from "../../app/liveThrottle";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";

export type MemberAction = "promote" | "demote" | "remove";
const memberRoutes = {
  promote: "promoteGuildMember",
  demote: "demoteGuildMember",
  remove: "removeGuildMember",
} as const satisfies Record<MemberAction, string>;

/** Where a guild's page lives in the app. */
export const guildRoute = (id: string) => `/guilds/${id}`;

export const guildListQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.guilds.list(search),
    queryFn: ({ signal }) =>
      call("guilds", { query: search.trim() ? { search: search.trim() } : {} }, signal),
    placeholderData: (previous) => previous,
  });

export const guildQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.guilds.one(id),
    queryFn: ({ signal }) => call("guild", { params: { id } }, signal),
  });

export function useGuildList(search: string) {
  useLiveInvalidate("guilds", [queryKeys.guilds.all], { atMostEveryMs: LIST_REFRESH_GAP_MS });
  return useQuery(guildListQuery(search));
}

export function useGuild(id: string) {
  const channel = /^[0-9a-f-]{36}$/.test(id) ? (`guild:${id}` as const) : "guilds";
  useLiveInvalidate(channel, [queryKeys.guilds.one(id)]);
  return useQuery(guildQuery(id));
}

/** Every guild action refreshes the guild data and the wallet in the bar. */
function useGuildMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.guilds.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export const useCreateGuild = () =>
  useGuildMutation((body: CreateGuildBody) => call("createGuild", { body }));

export const useJoinGuild = () => useGuildMutation((id: string) => call("joinGuild", { params: { id } }));

export const useContribute = (id: string) =>
  useGuildMutation((amount: number) => call("contributeToGuild", { params: { id }, body: { amount } }));

export const useBuyPerk = (id: string) =>
  useGuildMutation((body: BuyPerkBody) => call("buyGuildPerk", { params: { id }, body }));

export const useLeaveGuild = (id: string) => useGuildMutation(() => call("leaveGuild", { params: { id } }));

export const useMemberAction = (id: string) =>
  useGuildMutation(({ action, userId }: { action: MemberAction; userId: string }) =>
    call(memberRoutes[action], { params: { id, userId } }),
  );

/** The leader or an officer chooses whether the guild sits out the next war; the page shows the answer at once. */
export function useSitOutNextWar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sitOut: boolean) => call("sitOutNextWar", { params: { id }, body: { sitOut } }),
    onSuccess: (answer) =>
      queryClient.setQueryData<GuildDetail>(queryKeys.guilds.one(id), (detail) =>
        detail ? { ...detail, guild: { ...detail.guild, sitsOutNextWar: answer.sitsOutNextWar } } : detail,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.guilds.all }),
  });
}
