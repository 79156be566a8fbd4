// Bot images: the procedural SVG mecha generator, its provider seam, file store and library seeding.
export {
  addLibraryImages,
  imageLibrarySeedStep,
  LIBRARY_LOW_MARK,
  LIBRARY_RARITIES,
  type LibraryRarity,
  libraryImageInput,
  seedImageLibrary,
} from "./library-seed";
export {
  createImageProvider,
  type GeneratedImage,
  type ImageProvider,
  type ImageProviderConfig,
  svgProvider,
} from "./provider";
export {
  BOT_IMAGE_CACHE_CONTROL,
  BOT_IMAGE_URL_PREFIX,
  botImageKey,
  storeBotImage,
  writeBotImage,
} from "./store";
export { renderMechaSvg, SVG_GENERATOR_VERSION } from "./svg-mecha";
export { measureImagesPerSecond } from "./throughput";
export type { BotClass, MechaInput, MechaModel, Rarity, UltimateType, WeaponInput } from "./types";
export { type WeaponKind, weaponKind } from "./weapons";
