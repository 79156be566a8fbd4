// The sign-in form runs in a React root of its own inside /auth's page. /auth's entry (src/auth.tsx) hydrates it
// from the prerendered HTML before the app has loaded; when the app then hydrates the whole page, its /auth page
// leaves the form's element to that root (its inner HTML opaque to the app), so what the visitor has typed, the
// focus and a press in progress survive the app's arrival. Reached inside the app (a guard sent the visitor here),
// the page starts the form's root itself.
import { StrictMode, useEffect, useRef, useState } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { AuthForm } from "./AuthForm";

const HOST_ID = "auth-form";

const form = (
  <StrictMode>
    <AuthForm />
  </StrictMode>
);

let island: { host: HTMLElement; root: Root } | null = null;

/** Ends a form root after the current render: React refuses to unmount one root while committing another. */
function retire(root: Root): void {
  setTimeout(() => root.unmount(), 0);
}

/** /auth's entry: hydrates the prerendered form; false when the page has none. */
export function hydrateAuthForm(): boolean {
  // The app came first (the visitor reached for the page before this loaded): its page started the form.
  if (island?.host.isConnected) return true;
  const host = document.getElementById(HOST_ID);
  if (!host) return false;
  if (island) retire(island.root);
  island = { host, root: hydrateRoot(host, form) };
  return true;
}

function keepForm(host: HTMLElement): void {
  // The form hydrated by /auth's entry, or kept across StrictMode's second effect.
  if (island?.host === host) return;
  if (island) retire(island.root);
  island = { host, root: createRoot(host) };
  island.root.render(form);
}

function releaseForm(host: HTMLElement): void {
  setTimeout(() => {
    if (island?.host !== host || host.isConnected) return;
    retire(island.root);
    island = null;
  }, 0);
}

/** The build's prerender draws the form as part of the page; the browser's app leaves the element to its root. */
export function PrerenderedFormHost() {
  return <div id={HOST_ID}>{form}</div>;
}

function FormHost() {
  const ref = useRef<HTMLDivElement>(null);
  // The form's current HTML as the app hydrates the page, so the hydration finds what it expects and React never
  // writes into the element; nothing when the app drew /auth itself (an empty element the form's root fills).
  const [html] = useState(() => document.getElementById(HOST_ID)?.innerHTML ?? "");
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    keepForm(host);
    return () => releaseForm(host);
  }, []);
  if (!html) return <div id={HOST_ID} ref={ref} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the element's own HTML, so React leaves it to the form's root.
  return <div id={HOST_ID} ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Where /auth's page puts the form. */
export const AuthFormHost = typeof document === "undefined" ? PrerenderedFormHost : FormHost;
