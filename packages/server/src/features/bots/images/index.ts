// Bot images on the server: the provider seam, storing them as media and library seeding around the pure generator
// (@bot-arena/images), which draws.
export {
  addLibraryImages,
  drawLibraryImages,
  imageLibrarySeedStep,
  LIBRARY_LOW_MARK,
  LIBRARY_RARITIES,
  type LibraryImageRow,
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
export { BOT_IMAGE_URL_PREFIX, botImageKey, storeBotImage } from "./store";
