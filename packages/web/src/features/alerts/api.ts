// The inbox's query and its two actions. The live session refreshes the query when an alert comes or another
// tab reads some (app/alerts/usePlayerAlerts.ts); an action puts the count it answers straight into the cache.
import type { AlertList } from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const alertsQuery = () =>
  queryOptions({ queryKey: queryKeys.alerts, queryFn: ({ signal }) => call("alerts", {}, signal) });

export const useAlerts = () => useQuery(alertsQuery());

/** Marks one alert read (or, with null, all of them) at once in the list, then asks the server. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? call("readAllAlerts") : call("readAlert", { params: { id } }),
    onMutate: (id) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<AlertList>(queryKeys.alerts, (old) =>
        old
          ? {
              alerts: old.alerts.map((a) =>
                id === null || a.id === id ? { ...a, readAt: a.readAt ?? readAt } : a,
              ),
              unreadCount:
                id === null ? 0 : old.alerts.filter((a) => a.readAt === null && a.id !== id).length,
            }
          : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}
