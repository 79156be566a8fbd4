// Guild wars from the server, refreshed by the `guild-wars` live channel whenever a war or its guilds change.
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { useLiveInvalidate } from "../../app/useLive";

export const warKeys = {
  all: ["guild-wars"] as const,
  one: (id: string) => ["guild-wars", id] as const,
};

export function useGuildWars() {
  useLiveInvalidate("guild-wars", [warKeys.all]);
  return useQuery({ queryKey: warKeys.all, queryFn: ({ signal }) => call("guildWars", {}, signal) });
}

export function useGuildWar(id: string | null) {
  return useQuery({
    queryKey: warKeys.one(id ?? ""),
    queryFn: ({ signal }) => call("guildWar", { params: { id: id ?? "" } }, signal),
    enabled: id !== null,
  });
}
