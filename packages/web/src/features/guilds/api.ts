// The guilds' data and actions. Pages listen on the live channels (`guilds` for the list, `guild:<id>` for one
// guild), so a donation, a join or a war anywhere shows at once; wallets move through the `me` channel.
import type {
  ContributeResponse,
  CreateGuildBody,
  CreateGuildResponse,
  GuildDetail,
  GuildList,
  GuildMessage,
  LeaveResponse,
} from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { type PathOf, withId } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";

const list: PathOf<"guilds"> = "/api/guilds";
const one: PathOf<"guild"> = "/api/guilds/:id";
const join: PathOf<"joinGuild"> = "/api/guilds/:id/join";
const contribute: PathOf<"contributeToGuild"> = "/api/guilds/:id/contribute";
const leave: PathOf<"leaveGuild"> = "/api/guilds/:id/leave";
const promote: PathOf<"promoteGuildMember"> = "/api/guilds/:id/members/:userId/promote";
const demote: PathOf<"demoteGuildMember"> = "/api/guilds/:id/members/:userId/demote";
const remove: PathOf<"removeGuildMember"> = "/api/guilds/:id/members/:userId/remove";

export type MemberAction = "promote" | "demote" | "remove";
const memberPaths: Record<MemberAction, string> = { promote, demote, remove };

export const guildPaths = {
  list: (search: string) => (search.trim() ? `${list}?search=${encodeURIComponent(search.trim())}` : list),
  create: list,
  one: (id: string) => withId(one, id),
  join: (id: string) => withId(join, id),
  contribute: (id: string) => withId(contribute, id),
  leave: (id: string) => withId(leave, id),
  member: (action: MemberAction, id: string, userId: string) =>
    withId(memberPaths[action], id).replace(":userId", encodeURIComponent(userId)),
};

/** Where a guild's page lives in the app. */
export const guildRoute = (id: string) => `/guilds/${id}`;

export const guildKeys = {
  all: ["guilds"] as const,
  list: (search: string) => ["guilds", "list", search.trim().toLowerCase()] as const,
  one: (id: string) => ["guilds", "one", id] as const,
};

export function useGuildList(search: string) {
  useLiveInvalidate("guilds", [guildKeys.all]);
  return useQuery({
    queryKey: guildKeys.list(search),
    queryFn: ({ signal }) => api.get<GuildList>(guildPaths.list(search), signal),
    placeholderData: (previous) => previous,
  });
}

export function useGuild(id: string) {
  const channel = /^[0-9a-f-]{36}$/.test(id) ? (`guild:${id}` as const) : "guilds";
  useLiveInvalidate(channel, [guildKeys.one(id)]);
  return useQuery({
    queryKey: guildKeys.one(id),
    queryFn: ({ signal }) => api.get<GuildDetail>(guildPaths.one(id), signal),
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
  useGuildMutation((body: CreateGuildBody) => api.post<CreateGuildResponse>(guildPaths.create, body));

export const useJoinGuild = () =>
  useGuildMutation((id: string) => api.post<GuildMessage>(guildPaths.join(id)));

export const useContribute = (id: string) =>
  useGuildMutation((amount: number) => api.post<ContributeResponse>(guildPaths.contribute(id), { amount }));

export const useLeaveGuild = (id: string) =>
  useGuildMutation(() => api.post<LeaveResponse>(guildPaths.leave(id)));

export const useMemberAction = (id: string) =>
  useGuildMutation(({ action, userId }: { action: MemberAction; userId: string }) =>
    api.post<GuildMessage>(guildPaths.member(action, id, userId)),
  );
