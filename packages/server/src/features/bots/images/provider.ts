// Where bot images come from. The built-in provider draws SVG mecha locally; an AI image service would be
// another ImageProvider chosen in createImageProvider, with the same input and output.
import { type MechaInput, renderMechaSvg, SVG_GENERATOR_VERSION } from "@bot-arena/images";

export interface GeneratedImage {
  contentType: string;
  bytes: Uint8Array;
  /** file extension without the dot, e.g. "svg" */
  extension: string;
}

export interface ImageProvider {
  /** Names the provider and its version; part of every stored file's name, so new art never reuses old files. */
  readonly id: string;
  /** The extension it usually answers with, looked up first when checking for a stored image. */
  readonly extension?: string;
  generate(input: MechaInput): Promise<GeneratedImage>;
}

const encoder = new TextEncoder();

export const svgProvider: ImageProvider = {
  id: SVG_GENERATOR_VERSION,
  extension: "svg",
  async generate(input) {
    return { contentType: "image/svg+xml", bytes: encoder.encode(renderMechaSvg(input)), extension: "svg" };
  },
};

export interface ImageProviderConfig {
  /** "svg" (default). Only the offline generator is built in. */
  provider?: string | null;
}

export function createImageProvider(config: ImageProviderConfig = {}): ImageProvider {
  const name = (config.provider ?? "").trim().toLowerCase();
  if (name === "" || name === "svg") return svgProvider;
  // Failing at start beats silently drawing something other than what the operator configured.
  throw new Error(`Unknown image provider "${config.provider}"; the built-in provider is "svg"`);
}
