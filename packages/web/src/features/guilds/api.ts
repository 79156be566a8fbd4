// The guilds' data and actions. Pages listen on the live channels (`guilds` for the list, `guild:<id>` for one
// guild), so a donation, a join or a war anywhere shows at once; wallets move through the `me` channel.
import type { CreateGuildBody, GuildDetail } from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

export const guildKeys = {
  all: ["guilds"] as const,
  list: (search: string) => ["guilds", "list", search.trim().toLowerCase()] as const,
  one: (id: string) => ["guilds", "one", id] as const,
};

export function useGuildList(search: string) {
  useLiveInvalidate("guilds", [guildKeys.all], { atMostEveryMs: LIST_REFRESH_GAP_MS });
  return useQuery({
    queryKey: guildKeys.list(search),
    queryFn: ({ signal }) =>
      call("guilds", { query: search.trim() ? { search: search.trim() } : {} }, signal),
    placeholderData: (previous) => previous,
  });
}

export function useGuild(id: string) {
  const channel = /^[0-9a-f-]{36}$/.test(id) ? (`guild:${id}` as const) : "guilds";
  useLiveInvalidate(channel, [guildKeys.one(id)]);
  return useQuery({
    queryKey: guildKeys.one(id),
    queryFn: ({ signal }) => call("guild", { params: { id } }, signal),
  });
}

/** Every guild action refreshes the guild data and the wallet in the bar. */
function useGuildMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guildKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export const useCreateGuild = () =>
  useGuildMutation((body: CreateGuildBody) => call("createGuild", { body }));

export const useJoinGuild = () => useGuildMutation((id: string) => call("joinGuild", { params: { id } }));

export const useContribute = (id: string) =>
  useGuildMutation((amount: number) => call("contributeToGuild", { params: { id }, body: { amount } }));

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
      queryClient.setQueryData<GuildDetail>(guildKeys.one(id), (detail) =>
        detail ? { ...detail, guild: { ...detail.guild, sitsOutNextWar: answer.sitsOutNextWar } } : detail,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guildKeys.all }),
  });
}
