// The active tracks in playlist order; the `music` live channel invalidates this query.
import type { MusicTrackList } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { paths } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";

const noTracks: MusicTrackList["tracks"] = [];

export function useTracks() {
  const query = useQuery({
    queryKey: queryKeys.tracks,
    queryFn: ({ signal }) => api.get<MusicTrackList>(paths.musicTracks, signal),
    staleTime: 5 * 60_000,
  });
  return query.data?.tracks ?? noTracks;
}
