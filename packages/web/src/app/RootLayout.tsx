// Everything outside the route's own page that lives for the whole visit: the music player (so music
// keeps playing across navigation), the chat widget, the live socket, toasts and scroll restoration.
import { MessageSquare, Music } from "lucide-react";
import { lazy } from "react";
import { Outlet } from "react-router";
import { LiveSession } from "./LiveSession";
import { DeferredWidget } from "./shell/DeferredWidget";
import { FloatingDock } from "./shell/FloatingDock";
import { chatButton, chatCorner, musicButton, musicCorner } from "./shell/floatingButtons";
import { ToasterHost } from "./Toasts";
import { useFocusOnNavigate } from "./useFocusOnNavigate";
import { useScrollOnNavigate } from "./useScrollOnNavigate";

// Neither widget's code is part of the landing page's download (see DeferredWidget).
const loadMusic = () => import("../features/music/MusicPlayer");
const loadChat = () => import("../features/chat/ChatWidget");
const MusicPlayer = lazy(loadMusic);
const ChatWidget = lazy(loadChat);

export function RootLayout() {
  useFocusOnNavigate();
  useScrollOnNavigate();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-cyan px-4 py-2 font-bold text-void focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Outlet />
      <LiveSession />
      <FloatingDock />
      <DeferredWidget
        widget={MusicPlayer}
        preload={() => void loadMusic()}
        label="Open music player"
        icon={<Music className="size-6" aria-hidden="true" />}
        cornerClassName={musicCorner}
        buttonClassName={musicButton}
      />
      <DeferredWidget
        widget={ChatWidget}
        preload={() => void loadChat()}
        label="Open chat"
        icon={<MessageSquare className="size-6" aria-hidden="true" />}
        cornerClassName={chatCorner}
        buttonClassName={chatButton}
      />
      <ToasterHost />
    </>
  );
}
