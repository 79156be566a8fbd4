// Image Library: counts per rarity and class (available = not yet claimed by a fusion; under 10 is low), the
// background top-up switch, upload (PNG, JPEG or WebP, at most 2 MB), one generated image per click, and
// clearing the library behind a confirmation that names the count.
import {
  adminMediaMessages,
  IMAGE_UPLOAD_ACCEPT,
  type ImageLibrarySummary,
  LIBRARY_CLASSES,
  LIBRARY_RARITIES,
} from "@bot-arena/contract";
import { ImagePlus, Images, RefreshCw, Sparkles, Trash2, TriangleAlert } from "lucide-react";
import { useId, useRef, useState } from "react";
import { ScreenQueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { labelClass, SectionTitle, SelectField } from "./Field";
import { useOpsLog } from "./opsLog";
import {
  type LibrarySlot,
  useClearLibrary,
  useGenerateImage,
  useLibrary,
  useSetTopUp,
  useUploadImage,
} from "./useAdmin";

function SlotCounts({ library }: { library: ImageLibrarySummary }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5" data-testid="library-counts">
      {LIBRARY_RARITIES.map((rarity) => (
        <div key={rarity} className="rounded-lg border border-cyan/15 bg-deep/60 p-3">
          <Badge tone={rarity}>{rarity}</Badge>
          <ul className="mt-3 space-y-1.5">
            {library.slots
              .filter((slot) => slot.rarity === rarity)
              .map((slot) => (
                <li
                  key={slot.botClass}
                  className="flex items-center justify-between gap-2 text-sm"
                  data-testid={`slot-${rarity}-${slot.botClass}`}
                >
                  <span className="capitalize text-muted">{slot.botClass}</span>
                  <span className="flex items-center gap-2">
                    {slot.low && <Badge tone="danger">Low</Badge>}
                    <span
                      className={cn(
                        "font-display font-bold tabular-nums",
                        slot.low ? "text-danger" : "text-lime",
                      )}
                      title={`${slot.available} available of ${slot.total}`}
                    >
                      {slot.available}
                      <span className="text-muted"> / {slot.total}</span>
                    </span>
                  </span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function TopUpSwitch({ library }: { library: ImageLibrarySummary }) {
  const setTopUp = useSetTopUp();
  const log = useOpsLog();
  const { enabled, target } = library.topUp;
  const flip = async () => {
    try {
      log.record("success", (await setTopUp.mutateAsync(!enabled)).message);
    } catch (error) {
      log.fail(error, "Action failed");
    }
  };
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3",
        enabled ? "border-lime/40 bg-lime/5" : "border-amber/40 bg-amber/5",
      )}
      data-testid="top-up-status"
    >
      <p className="flex items-center gap-2 text-sm">
        <RefreshCw className={cn("size-4", enabled ? "text-lime" : "text-amber")} aria-hidden="true" />
        {enabled ? (
          <span>
            <strong className="text-lime">Automatic top-up is on:</strong> the server keeps every slot at{" "}
            {target} available images.
          </span>
        ) : (
          <span>
            <strong className="text-amber">Automatic top-up is off:</strong> slots refill only by upload or
            generate.
          </span>
        )}
      </p>
      <Button
        size="sm"
        variant={enabled ? "ghost" : "primary"}
        busy={setTopUp.isPending}
        onClick={() => void flip()}
      >
        {enabled ? "Turn off" : "Turn on"}
      </Button>
    </div>
  );
}

export function ImageLibraryTab() {
  const library = useLibrary();
  return (
    <ScreenQueryView query={library} loading="Counting the library" title="Failed to load data">
      {(data) => <Library data={data} />}
    </ScreenQueryView>
  );
}

function Library({ data }: { data: ImageLibrarySummary }) {
  const upload = useUploadImage();
  const generate = useGenerateImage();
  const clear = useClearLibrary();
  const log = useOpsLog();
  const [rarity, setRarity] = useState<LibrarySlot["rarity"]>("common");
  const [botClass, setBotClass] = useState<LibrarySlot["botClass"]>("hero");
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const lowSlots = data.slots.filter((slot) => slot.low).length;

  const sendUpload = async () => {
    if (!file) return log.record("error", adminMediaMessages.selectFileFirst);
    try {
      log.record("success", (await upload.mutateAsync({ file, rarity, botClass })).message, file.name);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      log.fail(error, adminMediaMessages.uploadFailed);
    }
  };
  const sendGenerate = async () => {
    try {
      const result = await generate.mutateAsync({ rarity, botClass });
      if (result.generated === 1) log.record("success", result.message, `${rarity} ${botClass}`);
      else log.record("error", adminMediaMessages.generationFailed);
    } catch (error) {
      log.fail(error, adminMediaMessages.failedToGenerate);
    }
  };
  const askClear = () => {
    if (data.total === 0) return log.record("warning", adminMediaMessages.libraryAlreadyEmpty);
    setConfirming(true);
  };
  const sendClear = async () => {
    setConfirming(false);
    try {
      const result = await clear.mutateAsync(undefined);
      log.record(result.deleted === 0 ? "warning" : "success", result.message);
    } catch (error) {
      log.fail(error, adminMediaMessages.failedToClear);
    }
  };

  return (
    <div className="space-y-6">
      <Panel>
        <SectionTitle icon={<Images />}>Bot Image Library</SectionTitle>
        <div className="mb-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
          <span>
            Total <strong className="font-display text-ink tabular-nums">{data.total}</strong>
          </span>
          <span>
            Available <strong className="font-display text-lime tabular-nums">{data.available}</strong>
          </span>
          <span className="flex items-center gap-1">
            {lowSlots > 0 && <TriangleAlert className="size-4 text-danger" aria-hidden="true" />}
            Low slots (under {data.lowMark}){" "}
            <strong className={cn("font-display tabular-nums", lowSlots ? "text-danger" : "text-ink")}>
              {lowSlots}
            </strong>
          </span>
        </div>
        <SlotCounts library={data} />
        <div className="mt-4">
          <TopUpSwitch library={data} />
        </div>
      </Panel>

      <Panel tone="magenta">
        <SectionTitle icon={<ImagePlus />}>Add Images</SectionTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Rarity"
            value={rarity}
            onChange={(event) => setRarity(event.target.value as LibrarySlot["rarity"])}
          >
            {LIBRARY_RARITIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Class"
            value={botClass}
            onChange={(event) => setBotClass(event.target.value as LibrarySlot["botClass"])}
          >
            {LIBRARY_CLASSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_auto_auto] lg:items-end">
          <div className="space-y-1.5">
            <label htmlFor={fileId} className={labelClass}>
              Image file (PNG, JPEG or WebP, up to 2 MB)
            </label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={IMAGE_UPLOAD_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full cursor-pointer rounded-md border border-cyan/25 bg-void/70 text-sm text-muted file:mr-3 file:h-11 file:cursor-pointer file:border-0 file:bg-cyan/15 file:px-4 file:font-display file:text-xs file:font-bold file:uppercase file:tracking-widest file:text-cyan hover:border-cyan/50"
            />
          </div>
          <Button
            icon={<ImagePlus className="size-4" />}
            busy={upload.isPending}
            onClick={() => void sendUpload()}
          >
            Upload
          </Button>
          <Button
            variant="secondary"
            icon={<Sparkles className="size-4" />}
            busy={generate.isPending}
            onClick={() => void sendGenerate()}
          >
            Generate 1 image
          </Button>
        </div>
      </Panel>

      <Panel tone="neutral">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-display text-base font-bold uppercase tracking-widest text-ink">
              Clear Library
            </h2>
            <p className="text-sm text-muted">
              Deletes every image. Bots keep the pictures they already wear.
            </p>
          </div>
          <Button
            variant="danger"
            icon={<Trash2 className="size-4" />}
            busy={clear.isPending}
            onClick={askClear}
          >
            Clear library
          </Button>
        </div>
      </Panel>

      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void sendClear()}
        title="Clear the image library?"
        description={`This deletes all ${data.total} images in the library. This cannot be undone.`}
        confirmLabel={`Delete ${data.total} images`}
      />
    </div>
  );
}
