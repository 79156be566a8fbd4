// Multipart uploads (a file plus a few fields) to an upload route of the contract, through the app's one HTTP
// client; the route's method, path and answer type come from the contract like every other call.
import routeTable from "virtual:route-table";
import { request } from "../../app/api";
import type { CallOutput } from "../../app/call";

type UploadRoute = "adminImageUpload" | "adminMusicUpload";

export function upload<K extends UploadRoute>(
  route: K,
  fields: Record<string, string>,
  file: File,
): Promise<CallOutput<K>> {
  const form = new FormData();
  // Fields first: the server reads the parts in order and has them before the file's bytes.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, file.name);
  const [method, path] = routeTable[route];
  return request<CallOutput<K>>(method, path, form);
}
