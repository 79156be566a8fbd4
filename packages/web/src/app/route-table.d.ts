// The build's route table (vite-route-table.ts): each route name's method and path, as the contract declares them.
declare module "virtual:route-table" {
  import type { Routes } from "@bot-arena/contract";

  const table: { readonly [K in keyof Routes]: readonly [Routes[K]["method"], Routes[K]["path"]] };
  export default table;
}
