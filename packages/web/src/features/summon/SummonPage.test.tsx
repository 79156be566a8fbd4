// /summon's 10x pull that respects the player's time (issue 41): 'Reveal all' shows the ten results at once,
// 'Name and allocate later' leaves them in the roster, and the next visit does not push them through the
// dialogs again; the single card shows the pity counter.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aBot, aPlayer, findLocation, renderPage } from "../../app/test-render";
import { deferredBotIds } from "./deferred";
import SummonPage from "./SummonPage";

const history = (singleSummonsUntilRare: number) => ({
  rolls: [],
  page: 1,
  pageSize: 20,
  total: 0,
  counts: { single: {}, ten: {} },
  singleSummonsUntilRare,
});

const unnamed = () =>
  aBot({ isActive: false, setupStage: "name", name: "Aegis (Unnamed)", statPointsAllocated: false });

// happy-dom draws no canvas; the overview's legendary asks for one burst.
const confetti = vi.hoisted(() => vi.fn());
vi.mock("canvas-confetti", () => ({ default: confetti }));

afterEach(() => window.localStorage.clear());

describe("/summon", () => {
  it.each([
    [4, "A rare at least within 4 single summons"],
    [1, "Your next single summon is a rare at least"],
  ])("shows the single summon's pity counter (%i to go)", async (left, text) => {
    renderPage(<SummonPage />, {
      path: "/summon",
      api: { listBots: { bots: [aBot()] }, summonHistory: history(left) },
    });
    expect((await screen.findByTestId("summon-pity")).textContent).toBe(text);
  });

  it("a 10x pull: 'Reveal all' shows the ten, 'later' leaves them in the roster for Bot Command", async () => {
    const first = aBot({ isActive: true });
    const ten = Array.from({ length: 10 }, (_, i) =>
      aBot({
        ...unnamed(),
        rarity: i === 9 ? "legendary" : "common",
        createdAt: `2026-12-06T10:00:00.00${i}Z`,
      }),
    );
    let summoned = false;
    renderPage(<SummonPage />, {
      path: "/summon",
      me: aPlayer({ coins: 5000 }),
      api: {
        listBots: () => ({ bots: summoned ? [...ten].reverse().concat(first) : [first] }),
        summonHistory: history(10),
        summonBots: () => {
          summoned = true;
          return { newCoinBalance: 0, botIds: ten.map((bot) => bot.id) };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "10x Summon" }));
    fireEvent.click(await screen.findByRole("button", { name: "Reveal all (10)" }));
    const sheet = await screen.findByRole("dialog", { name: "Your 10 new bots" });
    const cards = within(sheet).getAllByRole("listitem");
    expect(cards.map((card) => card.dataset.rarity)).toEqual([...Array(9).fill("common"), "legendary"]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Name and allocate later" }));
    expect(await findLocation()).toBe("/dashboard");
    expect([...deferredBotIds()].sort()).toEqual(ten.map((bot) => bot.id).sort());
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it("'Name them now' goes on to the naming of the first, without the other reveals", async () => {
    const ten = Array.from({ length: 10 }, (_, i) =>
      aBot({ ...unnamed(), createdAt: `2026-12-06T10:00:00.00${i}Z` }),
    );
    let summoned = false;
    renderPage(<SummonPage />, {
      path: "/summon",
      me: aPlayer({ coins: 5000 }),
      api: {
        listBots: () => ({ bots: summoned ? [...ten].reverse() : [] }),
        summonHistory: history(10),
        summonBots: () => {
          summoned = true;
          return { newCoinBalance: 0, botIds: ten.map((bot) => bot.id) };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "10x Summon" }));
    fireEvent.click(await screen.findByRole("button", { name: "Reveal all (10)" }));
    const sheet = await screen.findByRole("dialog", { name: "Your 10 new bots" });
    fireEvent.click(within(sheet).getByRole("button", { name: "Name them now" }));
    await screen.findByRole("dialog", { name: "Name Your Bot" });
    expect(screen.queryByRole("status", { name: "Summoning" })).toBeNull();
  });

  it("bots left for later do not resume on the next visit; an interrupted flow's bot still does", async () => {
    const later = aBot({ ...unnamed(), model: "Defender Z-9", name: "Defender Z-9 (Unnamed)" });
    const interrupted = aBot({ ...unnamed(), model: "Nova S-4", name: "Nova S-4 (Unnamed)" });
    window.localStorage.setItem("bot-arena.summon.later", JSON.stringify([later.id]));
    renderPage(<SummonPage />, {
      path: "/summon",
      api: { listBots: { bots: [later, interrupted] }, summonHistory: history(10) },
    });
    const naming = await screen.findByRole("dialog", { name: "Name Your Bot" });
    expect(within(naming).getByText("Nova S-4")).toBeTruthy();
    expect(within(naming).queryByText("Defender Z-9")).toBeNull();
  });
});
