// The operations log (design brief section 9): every admin action, who, what, target, result, when; append-only.
import { z } from "./zod";

export const adminOperationResult = z.enum(["success", "error", "warning"]);
export type AdminOperationResult = z.infer<typeof adminOperationResult>;

export const ADMIN_OPERATIONS_PAGE_MAX = 200;

export const adminOperation = z.object({
  id: z.number().int(),
  /** Both null for the server's own entries (the economy audit). */
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  result: adminOperationResult,
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminOperation = z.infer<typeof adminOperation>;

export const adminOperationsQuery = z.object({
  result: adminOperationResult.optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(64).optional(),
  adminId: z.uuid().optional(),
  /** Rows older than this id (the previous page's nextCursor). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_OPERATIONS_PAGE_MAX).default(50),
});
export type AdminOperationsQuery = z.input<typeof adminOperationsQuery>;

export const adminOperationsPage = z.object({
  operations: z.array(adminOperation),
  nextCursor: z.number().int().nullable(),
});
export type AdminOperationsPage = z.infer<typeof adminOperationsPage>;

export const adminOperationRoutes = {
  adminOperations: {
    method: "GET",
    path: "/api/admin/operations",
    summary: "The operations log of every admin, newest first, filterable, paged by cursor",
    auth: "admin",
    query: adminOperationsQuery,
    response: adminOperationsPage,
  },
} as const;
