// The repair shop: a bot's durability back to full for ceil((100 - durability%) x 5) coins.

import { botIdParams } from "./bots";
import { z } from "./zod";

export const repairResponse = z.object({
  newCoinBalance: z.number().int(),
  newDurability: z.number().int(),
  cost: z.number().int(),
  message: z.string(),
});
export type RepairResponse = z.infer<typeof repairResponse>;

export const repairRoutes = {
  repairBot: {
    method: "POST",
    path: "/api/bots/:id/repair",
    summary: "Repair a bot to full durability for ceil((100 - durability%) x 5) coins",
    auth: "player",
    params: botIdParams,
    response: repairResponse,
  },
} as const;
