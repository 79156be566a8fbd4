// The player's collapsible track list; picking an entry selects it and plays it.
import type { MusicTrack } from "@bot-arena/contract";
import { cn } from "../../ui/cn";
import { Equalizer } from "./Equalizer";

type PlaylistProps = {
  id: string;
  tracks: readonly MusicTrack[];
  currentIndex: number;
  playing: boolean;
  onPick: (index: number) => void;
};

export function Playlist({ id, tracks, currentIndex, playing, onPick }: PlaylistProps) {
  if (tracks.length === 0) {
    return (
      <p id={id} className="px-1 py-3 text-center text-sm text-muted">
        No tracks available
      </p>
    );
  }
  return (
    <ol id={id} aria-label="Playlist" className="max-h-48 space-y-1 overflow-y-auto overscroll-contain pr-1">
      {tracks.map((track, index) => {
        const current = index === currentIndex;
        return (
          <li key={track.id}>
            <button
              type="button"
              onClick={() => onPick(index)}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex w-full cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-left transition",
                current ? "bg-cyan/15 text-cyan" : "text-ink/85 hover:bg-white/5 hover:text-ink",
              )}
            >
              <span className="grid w-5 shrink-0 place-items-center font-display text-[0.65rem] text-muted">
                {current && playing ? <Equalizer active className="text-cyan" /> : index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block break-words text-sm font-semibold">{track.title}</span>
                <span className="block break-words text-xs text-muted">
                  {track.artist ?? "Unknown Artist"}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
