// The bot API's paths, checked against the contract at compile time like app/paths.ts.
import { type PathOf, withId } from "../../app/paths";

const list: PathOf<"listBots"> = "/api/bots";
const summon: PathOf<"summonBots"> = "/api/bots/summon";
const preview: PathOf<"previewBot"> = "/api/bots/preview.svg";
const summons: PathOf<"summonHistory"> = "/api/summons";
const name: PathOf<"nameBot"> = "/api/bots/:id/name";
const allocate: PathOf<"allocateBot"> = "/api/bots/:id/allocate";
const activate: PathOf<"activateBot"> = "/api/bots/:id/activate";
const rename: PathOf<"renameBot"> = "/api/bots/:id/rename";
const refresh: PathOf<"refreshBot"> = "/api/bots/:id/refresh";
const train: PathOf<"trainBot"> = "/api/bots/:id/train";
const recycle: PathOf<"recycleBot"> = "/api/bots/:id";

export const botPaths = {
  list,
  create: list,
  summon,
  preview,
  summons: (page: number) => `${summons}?page=${page}`,
  name: (id: string) => withId(name, id),
  allocate: (id: string) => withId(allocate, id),
  activate: (id: string) => withId(activate, id),
  rename: (id: string) => withId(rename, id),
  refresh: (id: string) => withId(refresh, id),
  train: (id: string) => withId(train, id),
  recycle: (id: string) => withId(recycle, id),
};
