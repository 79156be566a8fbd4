// The music player's state machine over one HTMLAudioElement: selected track, playing or paused,
// loading, position, volume and mute. The element's own events are the source of truth for
// "playing" and "loading"; the hook only asks it to load, play, pause and seek.
import type { MusicTrack } from "@bot-arena/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { nextIndex, previousIndex } from "./playlist";

export const DEFAULT_VOLUME = 70;

type GoTo = { autoplay: boolean; restart: boolean };

export function useMusicPlayer(tracks: readonly MusicTrack[]) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [position, setPosition] = useState(0);
  const [scrubbing, setScrubbing] = useState<number | null>(null);
  const [duration, setDuration] = useState(0);
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  // Whether the next track to load should start playing once its source is set.
  const playOnLoad = useRef(false);

  // A selection that vanished from the list (disabled by an admin) falls back to the first track.
  const found = tracks.findIndex((track) => track.id === selectedId);
  const index = found === -1 ? 0 : found;
  const track = tracks[index] ?? null;
  const count = tracks.length;

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio?.getAttribute("src")) return;
    audio.play().catch((error: unknown) => {
      // A newer load interrupting this play() is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setLoading(false);
      toast.error("Failed to play audio");
    });
  }, []);

  const fileUrl = track?.fileUrl ?? null;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || audio.getAttribute("src") === fileUrl) return;
    // Loading a new source pauses without a "pause" event, so the flag is reset by hand.
    setPlaying(false);
    setPosition(0);
    setDuration(0);
    if (fileUrl === null) {
      audio.removeAttribute("src");
      audio.load();
      setLoading(false);
      return;
    }
    audio.src = fileUrl;
    if (playOnLoad.current) {
      playOnLoad.current = false;
      play();
    }
  }, [fileUrl, play]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume / 100;
    audio.muted = muted;
  }, [volume, muted]);

  const goTo = useCallback(
    (target: number, { autoplay, restart }: GoTo) => {
      const next = tracks[target];
      const audio = audioRef.current;
      if (!next || !audio) return;
      if (next.id !== track?.id) {
        playOnLoad.current = autoplay;
        setSelectedId(next.id);
        return;
      }
      if (restart) {
        audio.currentTime = 0;
        setPosition(0);
      }
      if (autoplay) play();
    },
    [tracks, track?.id, play],
  );

  const next = useCallback(
    () => goTo(nextIndex(index, count), { autoplay: playing, restart: true }),
    [goTo, index, count, playing],
  );
  const previous = useCallback(
    () => goTo(previousIndex(index, count), { autoplay: playing, restart: true }),
    [goTo, index, count, playing],
  );
  const pick = useCallback((target: number) => goTo(target, { autoplay: true, restart: false }), [goTo]);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (audio.paused) play();
    else audio.pause();
  }, [track, play]);

  const setVolume = useCallback((value: number) => {
    setVolumeState(value);
    // Raising the volume of a muted player means the listener wants to hear it.
    if (value > 0) setMuted(false);
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    setScrubbing(null);
    if (!audio || !Number.isFinite(audio.duration)) return;
    audio.currentTime = seconds;
    setPosition(seconds);
  }, []);

  useMediaSession(track, { next, previous, toggle });

  const syncDuration = (audio: HTMLAudioElement) =>
    setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);

  return {
    tracks,
    track,
    index,
    count,
    playing,
    loading,
    position: scrubbing ?? position,
    duration,
    volume,
    muted,
    toggle,
    next,
    previous,
    pick,
    setVolume,
    toggleMute: () => setMuted((m) => !m),
    scrub: setScrubbing,
    seek,
    audioProps: {
      ref: audioRef,
      preload: "metadata" as const,
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onLoadStart: () => setLoading(true),
      onWaiting: () => setLoading(true),
      onLoadedMetadata: (e: { currentTarget: HTMLAudioElement }) => {
        syncDuration(e.currentTarget);
        setLoading(false);
      },
      onDurationChange: (e: { currentTarget: HTMLAudioElement }) => syncDuration(e.currentTarget),
      onCanPlay: () => setLoading(false),
      onPlaying: () => setLoading(false),
      onError: () => setLoading(false),
      onTimeUpdate: (e: { currentTarget: HTMLAudioElement }) => setPosition(e.currentTarget.currentTime),
      onEnded: () => goTo(nextIndex(index, count), { autoplay: true, restart: true }),
    },
  };
}

export type MusicPlayerState = ReturnType<typeof useMusicPlayer>;

/** Lock-screen and hardware media keys on phones and desktops. */
function useMediaSession(
  track: MusicTrack | null,
  actions: { next: () => void; previous: () => void; toggle: () => void },
) {
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  useEffect(() => {
    if (!("mediaSession" in navigator) || !track) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({ title: track.title, artist: track.artist ?? "Unknown Artist" });
    session.setActionHandler("nexttrack", () => actionsRef.current.next());
    session.setActionHandler("previoustrack", () => actionsRef.current.previous());
    session.setActionHandler("play", () => actionsRef.current.toggle());
    session.setActionHandler("pause", () => actionsRef.current.toggle());
  }, [track]);
}
