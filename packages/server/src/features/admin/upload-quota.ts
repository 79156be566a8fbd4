// How many uploads (library images and music together) one admin may send in an hour. Every upload request
// counts, accepted or refused: each one is read and judged. Counted in the shared limit store before the body
// is read, so every server process on the database counts the same hour and a refused upload costs no reading.
import { adminMediaMessages } from "@bot-arena/contract";
import type { FastifyReply } from "fastify";
import { rateLimited, retryAfterSeconds } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import type { LimitStore } from "../../platform/limits/store";

const HOUR_MS = 60 * 60 * 1000;

export type UploadQuota = ReturnType<typeof createUploadQuota>;

export function createUploadQuota(deps: { store: LimitStore; perHour: number }) {
  const { store, perHour } = deps;
  return {
    /** Counts one upload of the admin's; past the quota, 429 with Retry-After (the window's end). */
    async admit(adminId: UserId, reply: FastifyReply): Promise<void> {
      const hit = await store.hit(`admin-uploads:${adminId}`, HOUR_MS);
      if (hit.count <= perHour) return;
      const minutes = Math.ceil(retryAfterSeconds(hit.resetInMs) / 60);
      throw rateLimited("upload_quota", adminMediaMessages.uploadQuotaReached(perHour, minutes), {
        reply,
        inMs: hit.resetInMs,
      });
    },
  };
}
