// Admin grants: the functions behind `npm run admin`, and the CLI itself on a real database.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, signUp, type TestApp } from "../../../test/helpers";
import { openPglite } from "../db/pglite";
import { grantAdmin, listAdmins, revokeAdmin } from "./roles";

const serverDir = path.resolve(import.meta.dirname, "../../..");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("admin role functions", () => {
  it("grant makes the player an admin (case-insensitive email), revoke takes it away", async () => {
    const player = await signUp(t.app);
    expect(await grantAdmin(t.db, player.email.toUpperCase())).toEqual({
      email: player.email,
      username: player.me.username,
      changed: true,
    });
    expect((await player.get("/api/me")).json().isAdmin).toBe(true);
    expect(await grantAdmin(t.db, player.email)).toMatchObject({ changed: false });
    expect((await listAdmins(t.db)).map((a) => a.email)).toContain(player.email);

    expect(await revokeAdmin(t.db, player.email)).toMatchObject({ changed: true });
    expect((await player.get("/api/me")).json().isAdmin).toBe(false);
    expect(await revokeAdmin(t.db, player.email)).toMatchObject({ changed: false });
  });

  it("answers null for an unknown email", async () => {
    expect(await grantAdmin(t.db, "nobody@arena.test")).toBeNull();
    expect(await revokeAdmin(t.db, "nobody@arena.test")).toBeNull();
  });
});

const run = promisify(execFile);

/** Runs a CLI script the way `npm run` does, against the given database. */
async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the admin and ledger:verify commands", () => {
  it("grant, list and revoke by email; ledger:verify reports the accounts", async () => {
    // The commands open the configured database: a PGlite directory of our own, or a fresh PostgreSQL database.
    const dataDir = mkdtempSync(path.join(tmpdir(), "bot-arena-cli-"));
    const target = process.env.DATABASE_URL ? await createTestDatabase() : null;
    const database = target?.database ?? (await openPglite(path.join(dataDir, "pglite")));
    const env = { DATA_DIR: dataDir, ...(target?.url ? { DATABASE_URL: target.url } : {}) };
    try {
      const seeded = await createTestApp({ database });
      const player = await signUp(seeded.app);
      await seeded.close();
      if (!target) await database.close(); // PGlite admits one process at a time

      const granted = await cli("src/cli/admin.ts", ["grant", player.email], env);
      expect(granted).toMatchObject({ code: 0 });
      expect(granted.stdout).toContain(`Granted admin to ${player.email} (${player.me.username})`);
      expect((await cli("src/cli/admin.ts", ["list"], env)).stdout).toContain(player.email);
      expect((await cli("src/cli/admin.ts", ["revoke", player.email], env)).stdout).toContain(
        "Revoked admin",
      );
      const unknown = await cli("src/cli/admin.ts", ["grant", "nobody@arena.test"], env);
      expect(unknown).toMatchObject({ code: 1 });
      expect(unknown.stderr).toContain("No account with email nobody@arena.test");
      expect((await cli("src/cli/admin.ts", ["promote"], env)).code).toBe(2);

      const verify = await cli("src/cli/ledger-verify.ts", [], env);
      expect(verify).toMatchObject({ code: 0 });
      // One player: a wallet and a vault, each its own ledger account.
      expect(verify.stdout).toContain("ledger:verify: 2 accounts checked, 0 mismatches");
    } finally {
      await target?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // six processes, each starting tsx and opening the database
});
