// A pilot's profile and the player's defense log.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const pilotRoute = (username: string) => `/pilots/${encodeURIComponent(username)}`;
export const DEFENSES_ROUTE = "/defenses";

export const pilotProfileQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.pilots.one(username),
    queryFn: ({ signal }) => call("pilotProfile", { params: { username } }, signal),
  });

export const defenseLogQuery = () =>
  queryOptions({
    queryKey: queryKeys.pilots.defenses,
    queryFn: ({ signal }) => call("pvpDefenses", {}, signal),
  });

export const usePilotProfile = (username: string) => useQuery(pilotProfileQuery(username));
export const useDefenseLog = () => useQuery(defenseLogQuery());
