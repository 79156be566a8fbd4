// The active tracks in playlist order; the `music` live channel invalidates this query.
import type { MusicTrackList } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

const noTracks: MusicTrackList["tracks"] = [];

export function useTracks() {
  const query = useQuery({
    queryKey: queryKeys.tracks,
    queryFn: ({ signal }) => call("musicTracks", {}, signal),
    staleTime: 5 * 60_000,
  });
  return query.data?.tracks ?? noTracks;
}
