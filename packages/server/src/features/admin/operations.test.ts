// GET /api/admin/operations: every admin's actions, newest first, with who, what, target, result and when;
// filters by result, action prefix, target type and admin; pages by cursor. (Who may call it: grants.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let first: Player;
let second: Player;
let target: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ["ops_one@arena.test", "ops_two@arena.test"] } });
  first = await signUp(t.app, { username: "ops_one", email: "ops_one@arena.test" });
  second = await signUp(t.app, { username: "ops_two", email: "ops_two@arena.test" });
  target = await signUp(t.app);
  const reason = "Welcome gift";
  await first.post("/api/admin/grants/coins", { email: target.email, amount: 5, reason });
  await first.post("/api/admin/grants/coins", { email: "", amount: 5, reason });
  await second.post("/api/admin/image-library/generate", { rarity: "common", botClass: "hero" });
  await second.request({ method: "DELETE", url: "/api/admin/image-library" });
  await second.request({ method: "DELETE", url: "/api/admin/image-library" });
});
afterAll(() => t.close());

type Operation = {
  id: number;
  adminUsername: string;
  action: string;
  result: string;
  targetType: string | null;
};
const page = async (as: Player, query = "") => (await as.get(`/api/admin/operations${query}`)).json();

describe("GET /api/admin/operations", () => {
  it("lists every admin's actions newest first, with who, what, target, result and when", async () => {
    const { operations, nextCursor } = await page(first);
    expect(operations.map((o: Operation) => [o.adminUsername, o.action, o.result])).toEqual([
      ["ops_two", "image_library_clear", "warning"],
      ["ops_two", "image_library_clear", "success"],
      ["ops_two", "image_generate", "success"],
      ["ops_one", "grant_coins", "error"],
      ["ops_one", "grant_coins", "success"],
    ]);
    expect(operations[4]).toMatchObject({ targetType: "player", targetId: target.id, detail: { amount: 5 } });
    expect(Date.parse(operations[0].createdAt)).not.toBeNaN();
    expect(nextCursor).toBeNull();
  });

  it("filters by result, action prefix, target type and admin", async () => {
    expect((await page(first, "?result=error")).operations.map((o: Operation) => o.action)).toEqual([
      "grant_coins",
    ]);
    expect((await page(first, "?action=image")).operations).toHaveLength(3);
    expect((await page(first, "?targetType=player")).operations).toHaveLength(2);
    const mine = (await page(second, `?adminId=${first.id}`)).operations;
    expect(mine.every((o: Operation) => o.adminUsername === "ops_one")).toBe(true);
  });

  it("pages by cursor", async () => {
    const one = await page(first, "?limit=2");
    expect(one.operations).toHaveLength(2);
    const two = await page(first, `?limit=2&before=${one.nextCursor}`);
    expect(two.operations[0].id).toBeLessThan(one.operations[1].id);
    const three = await page(first, `?limit=2&before=${two.nextCursor}`);
    expect(three).toMatchObject({ nextCursor: null });
    expect(three.operations).toHaveLength(1);
  });

  it("refuses an unknown result filter", async () => {
    expect(errorOf(await first.get("/api/admin/operations?result=maybe"))).toMatchObject({ status: 400 });
  });
});
