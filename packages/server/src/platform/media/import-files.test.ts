// An install that kept media as files under DATA_DIR/media: at start they go into the store under the same
// URLs (rows already name them), the folder is moved aside, and a process with an empty DATA_DIR serves them.
// Running the import again finds everything stored and changes nothing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, countStatements } from "../../../test/helpers";
import { databaseMediaStore, storedMediaIn } from "../../../test/media";
import { IMPORTED_MEDIA_FOLDER, importMediaFiles } from "./import-files";

const servers = appsOnOneDatabase();
/** No background loops: the statements counted are the import's own. */
const quiet = { reconcilerIntervalMs: 0, economyAuditMinutes: 0 };
const svg = "<svg xmlns='http://www.w3.org/2000/svg'><circle r='3'/></svg>";
const picture = "0123456789abcdef0123456789abcdef.svg";
const track = "fedcba9876543210fedcba9876543210.wav";

function oldInstall(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bot-arena-old-install-"));
  mkdirSync(path.join(dataDir, "media", "bots"), { recursive: true });
  mkdirSync(path.join(dataDir, "media", "music"), { recursive: true });
  writeFileSync(path.join(dataDir, "media", "bots", picture), svg);
  writeFileSync(path.join(dataDir, "media", "music", track), Buffer.from("RIFF....WAVEfmt "));
  // Left by an interrupted write, and a stray file: neither is a media URL.
  writeFileSync(path.join(dataDir, "media", "bots", `${picture}.5f0c.tmp`), "half");
  writeFileSync(path.join(dataDir, "media", "README"), "notes");
  return dataDir;
}

describe("media files of an older version", () => {
  it("are imported at start under their URLs, served by a process with an empty DATA_DIR, and moved aside", async () => {
    const dataDir = oldInstall();
    const old = await servers.appWith({ ...quiet, dataDir });
    expect(existsSync(path.join(dataDir, "media"))).toBe(false);
    expect(readdirSync(path.join(dataDir, IMPORTED_MEDIA_FOLDER, "bots")).sort()).toEqual(
      [picture, `${picture}.5f0c.tmp`].sort(),
    );
    expect(await storedMediaIn(old.db, "bots")).toEqual([`/media/bots/${picture}`]);
    expect(await storedMediaIn(old.db, "music")).toEqual([`/media/music/${track}`]);

    const fresh = await servers.appWith(quiet);
    const served = await fresh.app.inject(`/media/bots/${picture}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(svg);
    expect(served.headers.etag).toBe(`"${picture.slice(0, -".svg".length)}"`);
  });

  it("runs again harmlessly: what is stored stays, one insert that adds nothing per file, a second folder aside", async () => {
    const dataDir = oldInstall();
    const t = await servers.appWith({ ...quiet, dataDir });
    const before = await storedMediaIn(t.db, "bots");
    mkdirSync(path.join(dataDir, "media", "bots"), { recursive: true });
    writeFileSync(path.join(dataDir, "media", "bots", picture), svg);
    const elsewhere = databaseMediaStore(t.db);
    const again = await countStatements(t, () => importMediaFiles(dataDir, elsewhere));
    expect(again).toMatchObject({ answer: 1, count: 1 });
    expect(await storedMediaIn(t.db, "bots")).toEqual(before);
    expect(existsSync(path.join(dataDir, `${IMPORTED_MEDIA_FOLDER}-2`, "bots", picture))).toBe(true);
    // Nothing to import: no folder, nothing read, nothing moved.
    expect(await importMediaFiles(dataDir, elsewhere)).toBe(0);
  });
});
