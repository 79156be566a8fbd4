// A floating widget (music player, chat) whose code waits until it is wanted. For a visitor its round button is
// drawn at once from markup alone; the widget loads when the button is pointed at or focused and opens when it
// is pressed. A signed-in player gets the widget at once (the chat counts unread lines while closed).
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from "react";
import { useMe } from "../session";
import { wantToaster } from "../toastSoon";

export type DeferredWidgetProps = {
  /** The lazily loaded widget; it opens its panel at once when `initiallyOpen`. */
  widget: ComponentType<{ initiallyOpen?: boolean }>;
  /** Starts loading the widget's chunk (the same import `widget` was made from). */
  preload: () => void;
  label: string;
  icon: ReactNode;
  /** The classes of the widget's own corner and closed button, so the swap does not move a pixel. */
  cornerClassName: string;
  buttonClassName: string;
};

export function DeferredWidget({
  widget: Widget,
  preload,
  label,
  icon,
  cornerClassName,
  buttonClassName,
}: DeferredWidgetProps) {
  const signedIn = useMe().data != null;
  const [wanted, setWanted] = useState<"open" | null>(null);
  const live = signedIn || wanted !== null;
  useEffect(() => {
    // The widgets toast their failures.
    if (live) wantToaster();
  }, [live]);
  const standIn = (
    <div className={cornerClassName}>
      <button
        type="button"
        aria-label={label}
        aria-expanded={false}
        className={buttonClassName}
        onPointerEnter={preload}
        onFocus={preload}
        // The widget can arrive between a press and its release and take the stand-in's place: the release then
        // lands on another element and no click follows. Taking the press itself keeps it (the keyboard clicks).
        onPointerDown={() => setWanted("open")}
        onClick={() => setWanted("open")}
      >
        {icon}
      </button>
    </div>
  );
  if (!live) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Widget initiallyOpen={wanted === "open"} />
    </Suspense>
  );
}
