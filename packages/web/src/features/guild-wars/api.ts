// Guild wars from the server, refreshed by the `guild-wars` live channel whenever a war or its guilds change.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { useLiveChannel } from "../../app/useLive";
import { recordWatching } from "../battles/watching";

export const warKeys = {
  all: ["guild-wars"] as const,
  one: (id: string) => ["guild-wars", id] as const,
};

export function useGuildWars() {
  const queryClient = useQueryClient();
  // Watcher counts of live duels ride on the channel too; they change nothing to refetch (battles/watching.tsx).
  useLiveChannel("guild-wars", (event) => {
    if (!recordWatching(queryClient, event)) void queryClient.invalidateQueries({ queryKey: warKeys.all });
  });
  return useQuery({ queryKey: warKeys.all, queryFn: ({ signal }) => call("guildWars", {}, signal) });
}

export function useGuildWar(id: string | null) {
  return useQuery({
    queryKey: warKeys.one(id ?? ""),
    queryFn: ({ signal }) => call("guildWar", { params: { id: id ?? "" } }, signal),
    enabled: id !== null,
  });
}
