// A bot's picture, or (no image yet, or it fails to load) its colour gradient with the model's mark and the
// spec's 'No Image' warning. The frame glows in the bot's own colours.
import { Bot as BotIcon, ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../ui/cn";

type BotLook = {
  name: string;
  imageUrl: string | null;
  colorPrimary: string;
  colorSecondary: string;
};

type BotImageProps = {
  bot: BotLook;
  className?: string;
  /** Hides the 'No Image' text where the picture is too small to carry it (roster thumbnails keep it). */
  quiet?: boolean;
};

export function BotImage({ bot, className, quiet = false }: BotImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = bot.imageUrl && bot.imageUrl !== failedUrl ? bot.imageUrl : null;
  return (
    <div
      className={cn("relative aspect-square overflow-hidden rounded-lg", className)}
      style={{
        backgroundImage: `radial-gradient(circle at 50% 35%, ${bot.colorPrimary}55, transparent 65%), linear-gradient(160deg, ${bot.colorPrimary}33, ${bot.colorSecondary}66)`,
        boxShadow: `inset 0 0 0 1px ${bot.colorPrimary}55, 0 0 22px ${bot.colorPrimary}22`,
      }}
    >
      {url ? (
        <img
          src={url}
          alt={bot.name}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedUrl(url)}
        />
      ) : (
        <NoImage bot={bot} quiet={quiet} />
      )}
    </div>
  );
}

function NoImage({ bot, quiet }: { bot: BotLook; quiet: boolean }) {
  return (
    <div
      role="img"
      aria-label={`${bot.name}: No Image`}
      className="flex size-full flex-col items-center justify-center gap-2"
      style={{ backgroundImage: `linear-gradient(135deg, ${bot.colorPrimary}, ${bot.colorSecondary})` }}
    >
      <BotIcon className="size-1/3 text-white/80 drop-shadow-[0_0_10px_rgb(0_0_0/0.5)]" aria-hidden="true" />
      {!quiet && (
        <span className="inline-flex items-center gap-1 rounded-sm bg-void/70 px-2 py-0.5 font-display text-[0.6rem] font-bold uppercase tracking-[0.18em] text-amber">
          <ImageOff className="size-3" aria-hidden="true" />
          No Image
        </span>
      )}
    </div>
  );
}
