// The admin panel's API paths, checked against the contract at compile time, and its query keys.
import { type PathOf, withId } from "../../app/paths";

const library: PathOf<"adminImageLibrary"> = "/api/admin/image-library";
const libraryUpload: PathOf<"adminImageUpload"> = "/api/admin/image-library/upload";
const libraryGenerate: PathOf<"adminImageGenerate"> = "/api/admin/image-library/generate";
const libraryTopUp: PathOf<"adminImageTopUp"> = "/api/admin/image-library/top-up";
const music: PathOf<"adminMusic"> = "/api/admin/music";
const track: PathOf<"adminMusicChange"> = "/api/admin/music/:id";
const grantCoins: PathOf<"grantCoins"> = "/api/admin/grants/coins";
const grantEquipment: PathOf<"grantEquipment"> = "/api/admin/grants/equipment";
const players: PathOf<"adminPlayers"> = "/api/admin/players";
const operations: PathOf<"adminOperations"> = "/api/admin/operations";
const cashouts: PathOf<"adminCashouts"> = "/api/admin/cashouts";
const cashoutPaid: PathOf<"adminCashoutPaid"> = "/api/admin/cashouts/:id/paid";
const cashoutRefund: PathOf<"adminCashoutRefund"> = "/api/admin/cashouts/:id/refund";

export type OperationsFilter = { result?: string; action?: string; mine?: string };

export const adminPaths = {
  library,
  libraryUpload,
  libraryGenerate,
  libraryTopUp,
  music,
  track: (id: string) => withId(track, id),
  grantCoins,
  grantEquipment,
  players: (q: string) => `${players}?q=${encodeURIComponent(q)}`,
  cashouts: (status: string) => `${cashouts}?status=${status}`,
  cashoutPaid: (id: string) => withId(cashoutPaid, id),
  cashoutRefund: (id: string) => withId(cashoutRefund, id),
  operations: (filter: OperationsFilter, before: number | null, limit: number) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (filter.result) query.set("result", filter.result);
    if (filter.action) query.set("action", filter.action);
    if (filter.mine) query.set("adminId", filter.mine);
    if (before !== null) query.set("before", String(before));
    return `${operations}?${query}`;
  },
};

export const adminKeys = {
  all: ["admin"],
  library: ["admin", "library"],
  music: ["admin", "music"],
  players: (q: string) => ["admin", "players", q],
  operations: ["admin", "operations"],
  cashouts: ["admin", "cashouts"],
} as const;
