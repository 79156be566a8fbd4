// Music Management routes: who may call them, uploads judged by their bytes (nothing stored when refused), the
// title from the file name, enable/disable, moving, deleting with the file, the players' playlist following
// on the live channel, a deleted starter song staying deleted, and the log rows of each.
import { adminMediaMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { connectLive } from "../../../test/live-client";
import { isStored, storedMediaIn } from "../../../test/media";
import { listAdminOperations } from "../../platform/ops-log";
import { expectAdminOnly } from "./access";
import { titleFromFileName } from "./music";
import { multipart, pngBytes, shapedMedia, wavBytes } from "./testing";

const adminEmail = "dj_boss@arena.test";
let t: TestApp;
let admin: Player;
let player: Player;
let baseUrl = "";
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail], starterMusic: "on" } });
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  admin = await signUp(t.app, { username: "dj_boss", email: adminEmail });
  player = await signUp(t.app);
});
afterAll(() => t.close());

type Track = { id: string; title: string; fileUrl: string; isActive: boolean; sortOrder: number };
const musicFiles = () => storedMediaIn(t.db, "music");
const adminTracks = async () => (await admin.get("/api/admin/music")).json().tracks as Track[];
const playlist = async () => (await t.app.inject("/api/music/tracks")).json().tracks as Track[];
const upload = (as: Player | null, file?: Parameters<typeof multipart>[1]) => {
  const options = { method: "POST" as const, url: "/api/admin/music", ...multipart({}, file) };
  return as ? as.request(options) : t.app.inject(options);
};
const patch = (as: Player, id: string, payload: object) =>
  as.request({ method: "PATCH", url: `/api/admin/music/${id}`, payload });
const remove = (as: Player, id: string) => as.request({ method: "DELETE", url: `/api/admin/music/${id}` });

describe("who may manage music", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  it.each([
    ["GET", "/api/admin/music", undefined],
    ["PATCH", `/api/admin/music/${id}`, { isActive: false }],
    ["DELETE", `/api/admin/music/${id}`, undefined],
  ])("%s %s: 401 without a session, 403 for a player", async (method, url, payload) => {
    await expectAdminOnly(t.app, player, [method, url, payload]);
  });

  it("upload: 401 without a session, 403 for a player, nothing stored", async () => {
    const before = (await musicFiles()).length;
    const file = { filename: "sneaky.wav", bytes: wavBytes(300, 523) };
    expect(errorOf(await upload(null, file))).toMatchObject({ status: 401 });
    expect(errorOf(await upload(player, file))).toMatchObject({
      status: 403,
      message: messages.adminRequired,
    });
    expect(await musicFiles()).toHaveLength(before);
  });
});

describe("POST /api/admin/music", () => {
  it("stores a real WAV, titles it from the file name, puts it last, and players' music players hear of it", async () => {
    const socket = await connectLive(baseUrl, player.cookie);
    socket.send({ type: "subscribe", channels: ["music"] });
    await socket.next((m) => m.type === "subscribed");
    const response = await upload(admin, {
      filename: "boss_battle-theme.wav",
      type: "audio/wav",
      bytes: wavBytes(250),
    });
    expect(response.statusCode).toBe(200);
    const { message, track } = response.json();
    expect(message).toBe("Track uploaded successfully!");
    expect(track).toMatchObject({ title: "boss battle theme", isActive: true, sortOrder: 4 });
    expect(track.fileUrl).toMatch(/^\/media\/music\/[0-9a-f]{32}\.wav$/);
    expect(await socket.nextEvent("tracks")).toMatchObject({ channel: "music" });
    socket.close();
    expect((await playlist()).at(-1)).toMatchObject({ id: track.id, title: "boss battle theme" });
    const served = await t.app.inject(track.fileUrl);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it.each([
    ["ogg", shapedMedia.ogg()],
    ["flac", shapedMedia.flac()],
    ["m4a", shapedMedia.m4a()],
    ["mp3", shapedMedia.mp3()],
  ])("takes %s by its bytes", async (extension, bytes) => {
    const response = await upload(admin, { filename: `track.${extension}`, bytes });
    expect(response.json().track.fileUrl).toMatch(new RegExp(`\\.${extension}$`));
  });

  it.each([
    ["a text file named .mp3", "song.mp3", Buffer.from("la la la, this is not audio\n".repeat(40))],
    ["an SVG", "cover.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')],
    ["an HTML file named .ogg", "page.ogg", Buffer.from("<html><script>alert(1)</script></html>")],
    ["a PNG named .wav", "picture.wav", pngBytes()],
    ["a truncated WAV", "cut.wav", wavBytes(400).subarray(0, 500)],
  ])("refuses %s with 'Please upload an audio file', storing nothing", async (_, filename, bytes) => {
    const before = { files: (await musicFiles()).length, tracks: (await adminTracks()).length };
    expect(errorOf(await upload(admin, { filename, bytes }))).toMatchObject({
      status: 400,
      message: "Please upload an audio file",
    });
    expect(await musicFiles()).toHaveLength(before.files);
    expect(await adminTracks()).toHaveLength(before.tracks);
  });

  it("refuses a 21 MB audio file with 'Upload failed' while it streams, storing nothing", async () => {
    const big = Buffer.concat([wavBytes(100), Buffer.alloc(21 * 1024 * 1024)]);
    const before = (await musicFiles()).length;
    expect(errorOf(await upload(admin, { filename: "long.wav", bytes: big }))).toMatchObject({
      status: 413,
      message: "Upload failed",
      fields: { file: adminMediaMessages.audioTooLarge },
    });
    expect(await musicFiles()).toHaveLength(before);
  });

  it("'Please select a file first' without a file, and the same file twice is refused", async () => {
    expect(errorOf(await upload(admin))).toMatchObject({
      status: 400,
      message: "Please select a file first",
    });
    const bytes = wavBytes(120, 880);
    await upload(admin, { filename: "twice.wav", bytes });
    expect(errorOf(await upload(admin, { filename: "again.wav", bytes }))).toMatchObject({
      status: 409,
      message: "Upload failed",
      fields: { file: adminMediaMessages.alreadyUploaded },
    });
  });
});

describe("PATCH /api/admin/music/:id", () => {
  it("disables and enables a track ('Track disabled', 'Track enabled'); players only get enabled ones", async () => {
    const [first] = await adminTracks();
    const off = await patch(admin, first!.id, { isActive: false });
    expect(off.json()).toMatchObject({
      message: "Track disabled",
      track: { id: first!.id, isActive: false },
    });
    expect((await playlist()).map((x) => x.id)).not.toContain(first!.id);
    expect((await adminTracks()).map((x) => x.id)).toContain(first!.id);
    const on = await patch(admin, first!.id, { isActive: true });
    expect(on.json()).toMatchObject({ message: "Track enabled", track: { isActive: true } });
    expect((await playlist()).map((x) => x.id)).toContain(first!.id);
  });

  it("moves a track to a place and closes the others up around it", async () => {
    const before = await adminTracks();
    const last = before.at(-1)!;
    const moved = await patch(admin, last.id, { sortOrder: 1 });
    expect(moved.json()).toMatchObject({ message: "Track moved", track: { sortOrder: 1 } });
    const after = await adminTracks();
    expect(after.map((x) => x.id)).toEqual([last.id, ...before.slice(0, -1).map((x) => x.id)]);
    expect(after.map((x) => x.sortOrder)).toEqual(after.map((_, i) => i + 1));
    expect((await playlist())[0]!.id).toBe(last.id);
  });

  it("refuses nothing to change, a bad position and an unknown track", async () => {
    const [first] = await adminTracks();
    expect(errorOf(await patch(admin, first!.id, {}))).toMatchObject({
      status: 400,
      message: "Nothing to change",
    });
    expect(errorOf(await patch(admin, first!.id, { sortOrder: 0 }))).toMatchObject({ status: 400 });
    expect(
      errorOf(await patch(admin, "00000000-0000-4000-8000-000000000000", { isActive: true })),
    ).toMatchObject({
      status: 404,
      message: "Track not found",
    });
    expect(errorOf(await patch(admin, "not-a-uuid", { isActive: true }))).toMatchObject({
      status: 400,
      message: "Track not found",
    });
  });
});

describe("DELETE /api/admin/music/:id", () => {
  it("deletes the track and its file ('Track deleted')", async () => {
    const bytes = wavBytes(150, 300);
    const { track } = (await upload(admin, { filename: "doomed.wav", bytes })).json();
    expect(await isStored(t.db, track.fileUrl)).toBe(true);
    expect((await remove(admin, track.id)).json()).toEqual({ message: "Track deleted" });
    expect(await isStored(t.db, track.fileUrl)).toBe(false);
    expect((await t.app.inject(track.fileUrl)).statusCode).toBe(404);
    expect((await adminTracks()).map((x) => x.id)).not.toContain(track.id);
    expect(errorOf(await remove(admin, track.id))).toMatchObject({ status: 404, message: "Track not found" });
  });

  it("a deleted starter song does not come back when the server starts again", async () => {
    const starter = (await adminTracks()).find((x) => x.title === "Vault Drift")!;
    await remove(admin, starter.id);
    const again = await createTestApp({ database: t.database, config: { starterMusic: "on" } });
    expect((await playlist()).map((x) => x.title)).not.toContain("Vault Drift");
    await again.close();
  });
});

describe("titleFromFileName", () => {
  it.each([
    ["boss_battle-theme.wav", "boss battle theme"],
    ["C:\\music\\Night Drive.mp3", "Night Drive"],
    ["no-extension", "no extension"],
    [".mp3", "Untitled track"],
    ["a\u200bb\u0007c.ogg", "abc"],
    [`${"x".repeat(150)}.flac`, "x".repeat(100)],
  ])("%s -> %s", (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});

describe("the operations log", () => {
  it("holds every music action of this file, refusals included", async () => {
    const rows = await listAdminOperations(t.db, { action: "music", limit: 500 });
    const seen = new Set(rows.map((r) => `${r.action}:${r.result}`));
    for (const entry of [
      "music_upload:success",
      "music_upload:error",
      "music_disable:success",
      "music_enable:success",
      "music_move:success",
      "music_delete:success",
      "music_delete:error",
    ]) {
      expect(seen, entry).toContain(entry);
    }
    expect(rows.every((r) => r.adminUsername === "dj_boss")).toBe(true);
  });
});
