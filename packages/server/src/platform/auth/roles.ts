// Admin is a user_roles row. Granted by ADMIN_EMAILS at sign-up/sign-in, or by the admin CLI.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { profiles, userRoles } from "../db/schema";
import type { UserId } from "../ids";
import { publishToPlayer } from "../live/publish";

export type RoleChange = { email: string; username: string; changed: boolean } | null;

export async function isAdmin(db: Db, userId: UserId): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return rows.length > 0;
}

/** Grants admin to a user; true when the role is new. Tells their open tabs to recompute the Admin link. */
export async function grantAdminTo(db: Db, userId: UserId): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  if (inserted.length > 0) await publishToPlayer(db, userId, "profile");
  return inserted.length > 0;
}

async function findByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, username: profiles.username })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`);
  return rows[0] ?? null;
}

/** null when no account has that email. */
export async function grantAdmin(db: Db, email: string): Promise<RoleChange> {
  const profile = await findByEmail(db, email);
  if (!profile) return null;
  return { email: profile.email, username: profile.username, changed: await grantAdminTo(db, profile.id) };
}

export async function revokeAdmin(db: Db, email: string): Promise<RoleChange> {
  const profile = await findByEmail(db, email);
  if (!profile) return null;
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, profile.id), eq(userRoles.role, "admin")))
    .returning({ id: userRoles.id });
  if (deleted.length > 0) await publishToPlayer(db, profile.id, "profile");
  return { email: profile.email, username: profile.username, changed: deleted.length > 0 };
}

export async function listAdmins(db: Db): Promise<{ email: string; username: string }[]> {
  return db
    .select({ email: profiles.email, username: profiles.username })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(profiles.email);
}
