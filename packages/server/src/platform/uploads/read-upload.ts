// Reads one multipart upload (a file plus a few small text fields) into memory, refusing anything over the
// route's size limit while it streams, so an oversized file costs at most the limit. Register `multipart`
// (below) only on the scope of the routes that take uploads: every other route stays JSON-only.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";

export type Upload = { bytes: Buffer; filename: string; fields: Record<string, string> };

export type UploadRefusals = {
  /** No file at all (or not a multipart request). */
  missing: string;
  /** Over `maxBytes`. */
  tooLarge: { message: string; reason: string };
  /** A second file in the same request: each upload is one file, judged and stored on its own. */
  secondFile: { message: string; reason: string };
};

/** Generous outer limits; each route passes its own, smaller file limit to `readUpload`. */
export async function registerMultipart(scope: FastifyInstance, maxFileBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
  });
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  refusals: UploadRefusals,
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(400, "BAD_REQUEST", refusals.missing);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (file === null && bytes.length > 0) file = { bytes, filename: part.filename ?? "" };
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (codeOf(error) === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, "PAYLOAD_TOO_LARGE", refusals.tooLarge.message, {
        file: refusals.tooLarge.reason,
      });
    }
    // `files: 1` in registerMultipart: the parser stops at a second file.
    if (codeOf(error) === "FST_FILES_LIMIT") {
      throw new AppError(400, "VALIDATION_FAILED", refusals.secondFile.message, {
        file: refusals.secondFile.reason,
      });
    }
    throw new AppError(400, "BAD_REQUEST", refusals.missing);
  }
  if (file === null) throw new AppError(400, "BAD_REQUEST", refusals.missing);
  return { ...file, fields };
}
