// Guild wars from the server, refreshed by the `guild-wars` live channel whenever a war or its guilds change.
import type { GuildWarDetail, GuildWarList } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { type PathOf, withId } from "../../app/paths";
import { useLiveInvalidate } from "../../app/useLive";

const list: PathOf<"guildWars"> = "/api/guild-wars";
const one: PathOf<"guildWar"> = "/api/guild-wars/:id";

export const warKeys = {
  all: ["guild-wars"] as const,
  one: (id: string) => ["guild-wars", id] as const,
};

export function useGuildWars() {
  useLiveInvalidate("guild-wars", [warKeys.all]);
  return useQuery({ queryKey: warKeys.all, queryFn: ({ signal }) => api.get<GuildWarList>(list, signal) });
}

export function useGuildWar(id: string | null) {
  return useQuery({
    queryKey: warKeys.one(id ?? ""),
    queryFn: ({ signal }) => api.get<GuildWarDetail>(withId(one, id ?? ""), signal),
    enabled: id !== null,
  });
}
