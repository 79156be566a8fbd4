// House ads for the banner slots, from house-ads.json beside this file; ADS=off serves none.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type AdsResponse, houseAd } from "@bot-arena/contract";
import { z } from "zod";
import type { Config } from "../../platform/config";
import { serverRoot } from "../../platform/paths";

export const houseAdsFile = pathToFileURL(path.join(serverRoot, "src/features/ads/house-ads.json"));

export type AdsService = ReturnType<typeof createAdsService>;

export function createAdsService(deps: { config: Pick<Config, "ads">; file?: URL }) {
  // Read and checked once at start-up: a broken ads file stops the server instead of the banners.
  const ads = z.array(houseAd).parse(JSON.parse(readFileSync(deps.file ?? houseAdsFile, "utf8")));
  const response: AdsResponse =
    deps.config.ads === "on" ? { enabled: true, ads } : { enabled: false, ads: [] };
  return { current: () => response };
}
