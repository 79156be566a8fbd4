// The floating music player at the bottom left of every page. It stays mounted for the whole visit,
// so the music carries on across navigation whether the panel is open or not.
import {
  ChevronDown,
  ListMusic,
  Music,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
} from "lucide-react";
import { useId, useState } from "react";
import { musicButton, musicCorner } from "../../app/shell/floatingButtons";
import { useOnePanelAtATime } from "../../app/shell/onePanelAtATime";
import { cn } from "../../ui/cn";
import { IconButton } from "../../ui/IconButton";
import { Slider } from "../../ui/Slider";
import { Spinner } from "../../ui/Spinner";
import { Equalizer } from "./Equalizer";
import { Playlist } from "./Playlist";
import { formatTime } from "./time";
import { type MusicPlayerState, useMusicPlayer } from "./useMusicPlayer";
import { useTracks } from "./useTracks";

export default function MusicPlayer({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const player = useMusicPlayer(useTracks());
  const [open, setOpen] = useState(initiallyOpen);
  useOnePanelAtATime("music", open, () => setOpen(false));
  const panelId = useId();
  const { ref, ...audioEvents } = player.audioProps;

  return (
    <div className={musicCorner}>
      <audio ref={ref} {...audioEvents} />
      {open && <PlayerPanel id={panelId} player={player} />}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-label={open ? "Close music player" : "Open music player"}
        aria-expanded={open}
        aria-controls={panelId}
        className={musicButton}
      >
        {player.playing && (
          <span
            aria-hidden="true"
            className="absolute inset-0 rounded-full border-2 border-magenta/60 motion-safe:animate-ping"
          />
        )}
        {open ? (
          <ChevronDown className="size-6" aria-hidden="true" />
        ) : player.playing ? (
          <Equalizer active className="h-5 text-cyan" />
        ) : (
          <Music className="size-6" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

function PlayerPanel({ id, player }: { id: string; player: MusicPlayerState }) {
  const [showList, setShowList] = useState(false);
  const titleId = useId();
  const listId = useId();
  const { track, playing, loading, position, duration, volume, muted } = player;

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="pointer-events-auto w-[min(21rem,calc(100vw-2rem))] origin-bottom-left overflow-hidden rounded-xl border border-cyan/40 bg-abyss/95 shadow-[0_0_40px_rgb(34_229_255/0.25)] backdrop-blur-md motion-safe:animate-pop-in"
    >
      <header className="flex items-center justify-between border-b border-cyan/20 bg-linear-to-r from-cyan/10 to-magenta/10 px-4 py-2.5">
        <h2 id={titleId} className="font-display text-xs font-bold tracking-[0.3em] text-cyan text-glow-cyan">
          MUSIC PLAYER
        </h2>
        <Equalizer active={playing} className="text-magenta" />
      </header>

      <div className="space-y-4 p-4">
        <div className="flex items-center gap-3">
          <div
            aria-hidden="true"
            className={cn(
              "grid size-14 shrink-0 place-items-center rounded-full border-2 border-magenta/60 bg-[conic-gradient(from_0deg,#0a0e1f,#22e5ff33,#0a0e1f,#ff2bd633,#0a0e1f)]",
              playing && "motion-safe:animate-[spin_4s_linear_infinite]",
            )}
          >
            <span className="size-3 rounded-full bg-cyan shadow-[0_0_8px_#22e5ff]" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="break-words font-display text-sm font-bold text-ink">
              {track?.title ?? "No Track"}
            </p>
            <p className="break-words text-sm text-muted">{track?.artist ?? "Unknown Artist"}</p>
            <p className="h-4 text-xs font-semibold text-cyan" role="status">
              {loading ? "Loading..." : ""}
            </p>
          </div>
        </div>

        <div>
          <Slider
            label="Seek"
            value={Math.min(position, duration)}
            max={duration || 1}
            step={0.1}
            disabled={!track || duration === 0}
            valueText={`${formatTime(position)} of ${formatTime(duration)}`}
            onChange={player.scrub}
            onCommit={player.seek}
          />
          <div className="mt-1.5 flex justify-between font-display text-[0.65rem] tabular-nums text-muted">
            <span>{formatTime(position)}</span>
            <span>{formatTime(duration)}</span>
          </div>
        </div>

        <div className="flex items-center justify-center gap-4">
          <IconButton
            shape="round"
            size="lg"
            label="Previous track"
            onClick={player.previous}
            disabled={!track}
          >
            <SkipBack className="size-5" aria-hidden="true" />
          </IconButton>
          <button
            type="button"
            onClick={player.toggle}
            disabled={!track}
            aria-label={playing ? "Pause" : "Play"}
            aria-busy={loading || undefined}
            className="grid size-14 cursor-pointer place-items-center rounded-full bg-linear-to-br from-cyan to-magenta text-void shadow-[0_0_24px_rgb(34_229_255/0.5)] transition hover:scale-105 hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {loading ? (
              <Spinner size="md" />
            ) : playing ? (
              <Pause className="size-6 fill-current" aria-hidden="true" />
            ) : (
              <Play className="ml-0.5 size-6 fill-current" aria-hidden="true" />
            )}
          </button>
          <IconButton shape="round" size="lg" label="Next track" onClick={player.next} disabled={!track}>
            <SkipForward className="size-5" aria-hidden="true" />
          </IconButton>
        </div>

        <div className="flex items-center gap-3">
          <IconButton shape="round" size="sm" label={muted ? "Unmute" : "Mute"} onClick={player.toggleMute}>
            {muted || volume === 0 ? (
              <VolumeX className="size-4" aria-hidden="true" />
            ) : (
              <Volume2 className="size-4" aria-hidden="true" />
            )}
          </IconButton>
          <Slider
            label="Volume"
            value={volume}
            max={100}
            step={1}
            valueText={`${volume}%`}
            onChange={player.setVolume}
          />
          <span className="w-10 text-right font-display text-xs tabular-nums text-muted">{volume}%</span>
        </div>

        <div className="border-t border-cyan/15 pt-3">
          <button
            type="button"
            onClick={() => setShowList((s) => !s)}
            aria-expanded={showList}
            aria-controls={listId}
            className="flex w-full cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-left text-sm font-semibold text-muted transition hover:text-ink"
          >
            <ListMusic className="size-4 text-cyan" aria-hidden="true" />
            <span className="flex-1">Playlist</span>
            <span className="rounded-sm bg-cyan/15 px-1.5 py-0.5 font-display text-[0.65rem] text-cyan">
              {player.count} {player.count === 1 ? "track" : "tracks"}
            </span>
            <ChevronDown
              className={cn("size-4 transition-transform", showList && "rotate-180")}
              aria-hidden="true"
            />
          </button>
          {showList && (
            <div className="mt-2">
              <Playlist
                id={listId}
                tracks={player.tracks}
                currentIndex={player.index}
                playing={playing}
                onPick={player.pick}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
