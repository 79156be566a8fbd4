// The active tracks in playlist order; the `music` live channel invalidates this query.
import type { MusicTrackList } from "@bot-arena/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

const noTracks: MusicTrackList["tracks"] = [];

export const tracksQuery = () =>
  queryOptions({
    queryKey: queryKeys.tracks,
    queryFn: ({ signal }) => call("musicTracks", {}, signal),
    staleTime: 5 * 60_000,
  });

/** The player's playlist: empty until it arrives or when it cannot be read (the player then has no music). */
export function useTracks() {
  return useQuery(tracksQuery()).data?.tracks ?? noTracks;
}
