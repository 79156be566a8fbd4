// Multipart uploads (a file plus a few fields) through the app's one HTTP client.
import { api } from "../../app/api";

export function postForm<T>(path: string, fields: Record<string, string>, file: File): Promise<T> {
  const form = new FormData();
  // Fields first: the server reads the parts in order and has them before the file's bytes.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, file.name);
  return api.postForm<T>(path, form);
}
