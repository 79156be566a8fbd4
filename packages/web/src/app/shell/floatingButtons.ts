// The floating round buttons of the music player (bottom left) and the chat (bottom right): one definition for
// the widgets and for the stand-ins drawn before their code has loaded (DeferredWidget).
export const musicCorner = "pointer-events-none fixed bottom-4 left-4 z-40 flex flex-col items-start gap-3";
export const musicButton =
  "pointer-events-auto relative grid size-14 cursor-pointer place-items-center rounded-full border-2 border-cyan/70 bg-abyss text-cyan " +
  "shadow-[0_0_20px_rgb(34_229_255/0.45)] transition hover:scale-105 hover:border-cyan hover:shadow-[0_0_32px_rgb(34_229_255/0.7)]";

export const chatCorner = "pointer-events-none fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3";
export const chatButton =
  "pointer-events-auto relative grid size-14 cursor-pointer place-items-center rounded-full border-2 border-magenta/70 bg-abyss text-magenta " +
  "shadow-[0_0_20px_rgb(255_43_214/0.45)] transition hover:scale-105 hover:border-magenta hover:shadow-[0_0_32px_rgb(255_43_214/0.7)]";
