// House ads for the banner slots at the top and bottom of every page (ADS=off turns them off).
import { z } from "./zod";

export const houseAd = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  cta: z.string(),
  href: z.string(),
});
export type HouseAd = z.infer<typeof houseAd>;

export const adsResponse = z.object({ enabled: z.boolean(), ads: z.array(houseAd) });
export type AdsResponse = z.infer<typeof adsResponse>;
