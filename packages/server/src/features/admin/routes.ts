// HTTP shape of the admin panel's media tabs and the operations log. Uploads take multipart bodies, so this
// scope (and only this one) registers the multipart parser; every other route stays JSON-only.
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { listAdminOperations } from "../../platform/ops-log";
import { route } from "../../platform/route";
import { readUpload, registerMultipart } from "../../platform/uploads/read-upload";
import type { AdminCashoutsService } from "./cashouts";
import { type ImageLibraryService, imageUploadRefusals } from "./image-library/service";
import type { LibraryTopUp } from "./image-library/top-up";
import { type AdminMusicService, audioUploadRefusals } from "./music";
import { createUploadQuota } from "./upload-quota";

export function adminRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    imageLibrary: ImageLibraryService;
    adminMusic: AdminMusicService;
    libraryTopUp: LibraryTopUp;
    adminCashouts: AdminCashoutsService;
    uploadsPerHour: number;
  },
): void {
  const { imageLibrary, adminMusic } = deps;
  const quota = createUploadQuota({ store: app.requestLimits.store, perHour: deps.uploadsPerHour });
  app.register(async (scope) => {
    await registerMultipart(scope, AUDIO_UPLOAD_MAX_BYTES);
    route(scope, routes.adminImageUpload, async ({ user, request, reply }) => {
      await quota.admit(user.id, reply);
      return imageLibrary.upload(
        user.id,
        await readUpload(request, IMAGE_UPLOAD_MAX_BYTES, imageUploadRefusals),
      );
    });
    route(scope, routes.adminMusicUpload, async ({ user, request, reply }) => {
      await quota.admit(user.id, reply);
      return adminMusic.upload(
        user.id,
        await readUpload(request, AUDIO_UPLOAD_MAX_BYTES, audioUploadRefusals),
      );
    });
  });
  route(app, routes.adminImageLibrary, () => imageLibrary.summary());
  route(app, routes.adminImageGenerate, ({ user, body }) => imageLibrary.generate(user.id, body));
  route(app, routes.adminImageClear, ({ user }) => imageLibrary.clear(user.id));
  route(app, routes.adminImageTopUp, ({ user, body }) => imageLibrary.setTopUp(user.id, body.enabled));
  route(app, routes.adminMusic, () => adminMusic.list());
  route(app, routes.adminMusicChange, ({ user, params, body }) =>
    adminMusic.change(user.id, params.id, body),
  );
  route(app, routes.adminMusicDelete, ({ user, params }) => adminMusic.remove(user.id, params.id));
  route(app, routes.adminOperations, async ({ query }) => {
    const rows = await listAdminOperations(deps.db, {
      ...(query.adminId ? { adminId: query.adminId as never } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.targetType ? { targetType: query.targetType } : {}),
      ...(query.result ? { result: query.result } : {}),
      ...(query.before !== undefined ? { beforeId: query.before } : {}),
      limit: query.limit + 1,
    });
    const operations = rows
      .slice(0, query.limit)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return {
      operations,
      nextCursor: rows.length > query.limit ? (operations.at(-1)?.id ?? null) : null,
    };
  });

  route(app, routes.adminCashouts, ({ query }) => deps.adminCashouts.list(query.status));
  route(app, routes.adminCashoutPaid, ({ user, params, body }) =>
    deps.adminCashouts.markPaid(user.id, params.id, body.reference),
  );
  route(app, routes.adminCashoutApprove, ({ user, params }) =>
    deps.adminCashouts.approve(user.id, params.id),
  );
  route(app, routes.adminAccountFreeze, ({ user, params, body }) =>
    deps.adminCashouts.freeze(user.id, params.id as UserId, body.reason, body.linked),
  );
  route(app, routes.adminAccountUnfreeze, ({ user, params }) =>
    deps.adminCashouts.unfreeze(user.id, params.id as UserId),
  );
  route(app, routes.adminCashoutRefund, ({ user, params, body }) =>
    deps.adminCashouts.refund(user.id, params.id, body.reason),
  );

  // The background top-up runs in every process; it stops (finishing a pass) before the database closes.
  app.addHook("onReady", async () => deps.libraryTopUp.start());
  app.addHook("preClose", () => deps.libraryTopUp.stop());
}
