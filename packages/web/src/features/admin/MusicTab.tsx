// Music Management: upload a track (MP3, OGG, WAV, FLAC or M4A, judged by its bytes; the title comes from the
// file name), play it here, enable or disable it, move it up or down the playlist, delete it with its file.
// Players' music players follow every change live (the `music` channel).
import { type AdminTrack, AUDIO_UPLOAD_ACCEPT, adminMediaMessages } from "@bot-arena/contract";
import { ArrowDown, ArrowUp, Music, Pause, Play, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ScreenQueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import { IconButton } from "../../ui/IconButton";
import { Panel } from "../../ui/Panel";
import { labelClass, SectionTitle } from "./Field";
import { useOpsLog } from "./opsLog";
import { useAdminTracks, useChangeTrack, useDeleteTrack, useUploadTrack } from "./useAdmin";

const fileType = (url: string) => url.slice(url.lastIndexOf(".") + 1).toUpperCase();

/** One <audio> for the panel: play a track, pause it, or switch to another. */
function usePreview(onFail: () => void) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  const toggle = (track: AdminTrack) => {
    audio.current ??= new Audio();
    const player = audio.current;
    if (playingId === track.id) {
      player.pause();
      setPlayingId(null);
      return;
    }
    player.src = track.fileUrl;
    player.onended = () => setPlayingId(null);
    setPlayingId(track.id);
    player.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setPlayingId(null);
      onFail();
    });
  };
  return { playingId, toggle };
}

function TrackRow({
  track,
  place,
  count,
  playing,
  onPlay,
  onDelete,
}: {
  track: AdminTrack;
  place: number;
  count: number;
  playing: boolean;
  onPlay: () => void;
  onDelete: () => void;
}) {
  const change = useChangeTrack();
  const log = useOpsLog();
  const send = async (body: { isActive?: boolean; sortOrder?: number }) => {
    try {
      log.record("success", (await change.mutateAsync({ id: track.id, ...body })).message, track.title);
    } catch (error) {
      log.fail(error, "Action failed");
    }
  };
  return (
    <li
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-lg border p-3 sm:flex-nowrap",
        track.isActive ? "border-cyan/20 bg-deep/60" : "border-steel bg-void/40 opacity-75",
      )}
      data-testid="admin-track"
    >
      <IconButton
        label={playing ? `Pause ${track.title}` : `Play ${track.title}`}
        onClick={onPlay}
        className={playing ? "text-magenta" : undefined}
      >
        {playing ? <Pause className="size-5" /> : <Play className="size-5" />}
      </IconButton>
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold text-ink">{track.title}</p>
        <p className="text-xs text-muted">
          #{place} · {fileType(track.fileUrl)}
          {track.artist ? ` · ${track.artist}` : ""}
        </p>
      </div>
      <Badge tone={track.isActive ? "success" : "neutral"}>{track.isActive ? "Enabled" : "Disabled"}</Badge>
      <div className="flex items-center gap-1">
        <IconButton
          label={`Move ${track.title} up`}
          disabled={place === 1 || change.isPending}
          onClick={() => void send({ sortOrder: place - 1 })}
        >
          <ArrowUp className="size-4" />
        </IconButton>
        <IconButton
          label={`Move ${track.title} down`}
          disabled={place === count || change.isPending}
          onClick={() => void send({ sortOrder: place + 1 })}
        >
          <ArrowDown className="size-4" />
        </IconButton>
        <Button
          size="sm"
          variant="ghost"
          busy={change.isPending}
          onClick={() => void send({ isActive: !track.isActive })}
        >
          {track.isActive ? "Disable" : "Enable"}
        </Button>
        <IconButton label={`Delete ${track.title}`} onClick={onDelete} className="hover:text-danger">
          <Trash2 className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}

export function MusicTab() {
  const tracks = useAdminTracks();
  return (
    <ScreenQueryView query={tracks} loading="Loading the playlist" title="Failed to load data">
      {(playlist) => <Playlist list={playlist.tracks} />}
    </ScreenQueryView>
  );
}

function Playlist({ list }: { list: AdminTrack[] }) {
  const upload = useUploadTrack();
  const remove = useDeleteTrack();
  const log = useOpsLog();
  const preview = usePreview(() => log.record("error", adminMediaMessages.failedToPlay));
  const [file, setFile] = useState<File | null>(null);
  const [doomed, setDoomed] = useState<AdminTrack | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const sendUpload = async () => {
    if (!file) return log.record("error", adminMediaMessages.selectFileFirst);
    try {
      log.record("success", (await upload.mutateAsync(file)).message, file.name);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      log.fail(error, adminMediaMessages.uploadFailed);
    }
  };
  const sendDelete = async (track: AdminTrack) => {
    setDoomed(null);
    try {
      log.record("success", (await remove.mutateAsync(track.id)).message, track.title);
    } catch (error) {
      log.fail(error, "Action failed");
    }
  };

  return (
    <div className="space-y-6">
      <Panel tone="magenta">
        <SectionTitle icon={<Upload />}>Upload a Track</SectionTitle>
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="space-y-1.5">
            <label htmlFor={fileId} className={labelClass}>
              Audio file (MP3, OGG, WAV, FLAC or M4A, up to 20 MB)
            </label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={AUDIO_UPLOAD_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full cursor-pointer rounded-md border border-cyan/25 bg-void/70 text-sm text-muted file:mr-3 file:h-11 file:cursor-pointer file:border-0 file:bg-magenta/15 file:px-4 file:font-display file:text-xs file:font-bold file:uppercase file:tracking-widest file:text-magenta hover:border-cyan/50"
            />
          </div>
          <Button
            icon={<Upload className="size-4" />}
            busy={upload.isPending}
            onClick={() => void sendUpload()}
          >
            Upload track
          </Button>
        </div>
        <p className="mt-2 text-xs text-muted">The title is taken from the file name.</p>
      </Panel>

      <Panel>
        <SectionTitle icon={<Music />}>Playlist ({list.length})</SectionTitle>
        {list.length === 0 ? (
          <p className="py-6 text-center text-muted">No tracks yet. Upload one above.</p>
        ) : (
          <ol className="space-y-2" aria-label="Music tracks">
            {list.map((track, index) => (
              <TrackRow
                key={track.id}
                track={track}
                place={index + 1}
                count={list.length}
                playing={preview.playingId === track.id}
                onPlay={() => preview.toggle(track)}
                onDelete={() => setDoomed(track)}
              />
            ))}
          </ol>
        )}
      </Panel>

      <ConfirmDialog
        open={doomed !== null}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && void sendDelete(doomed)}
        title="Delete this track?"
        description={
          doomed ? `"${doomed.title}" and its file are deleted for every player. This cannot be undone.` : ""
        }
        confirmLabel="Delete track"
        busy={remove.isPending}
      />
    </div>
  );
}
