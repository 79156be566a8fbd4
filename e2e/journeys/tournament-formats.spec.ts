// Tournament formats on /tournament: the admin creates a double elimination in the Tournaments tab (choosing the
// format in its select), then a round robin and a Swiss through the API; the players join and ready up through
// the API, the admin starts each, and one player watches it on /tournament while the journey moves the server's
// clock round by round to the end: the winners' and losers' brackets and the grand final, the standings table with
// the player's own row and the byes of odd counts, Buchholz for the Swiss only, and the podium. Time is driven,
// never waited for: each round lasts an hour, and the `clock` project's server (TEST_CLOCK=on) moves to its end.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { advanceClock, expectTestClock, HOUR } from "./clock";
import { admin, checkPhoneScreen, createFirstBot, enterAs, newPlayer, shot, toast } from "./support";

const ROUND_SECONDS = HOUR / 1000;
const phone = { width: 390, height: 844 };

type Detail = {
  tournament: { id: string; status: string; format: string; totalRounds: number };
  matches: { round: number; side: string; participant2Id: string | null }[];
};

/** A pilot with a first bot, signed in through the API in a context of their own. */
async function pilot(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, newPlayer(prefix));
  await createFirstBot(page.request, `${prefix} bot`);
  return { request: page.request, close: () => context.close() };
}

type Pilot = Pick<Awaited<ReturnType<typeof pilot>>, "request">;

/** Every pilot joins and readies up, then the admin starts the tournament. */
async function enterAndStart(adminPage: Page, id: string, pilots: readonly Pilot[]) {
  for (const p of pilots) {
    expect((await p.request.post(`/api/tournaments/${id}/join`, { data: {} })).ok()).toBe(true);
    expect((await p.request.post(`/api/tournaments/${id}/ready`)).ok()).toBe(true);
  }
  const started = await adminPage.request.post(`/api/admin/tournaments/${id}/start`);
  expect(started.ok(), await started.text()).toBe(true);
}

async function detailOf(page: Page, id: string): Promise<Detail> {
  const answer = await page.request.get(`/api/tournaments/${id}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Detail;
}

/** The page shows every match the server has paired so far (the live channel brought the round). */
async function expectRoundShown(page: Page, detail: Detail) {
  await expect(page.getByTestId("match-card")).toHaveCount(detail.matches.length);
}

/**
 * Ends the round in play, and the next, until the tournament is over, checking after each that the page shows
 * the new round; `onRound` looks at the page after each round with the server's detail.
 */
async function playToTheEnd(
  page: Page,
  id: string,
  onRound: (detail: Detail) => Promise<void> = async () => {},
) {
  for (let step = 0; step < 10; step++) {
    await advanceClock(page.request, HOUR);
    const detail = await detailOf(page, id);
    if (detail.tournament.status === "completed") return detail;
    await expectRoundShown(page, detail);
    await onRound(detail);
  }
  throw new Error(`tournament ${id} did not finish in 10 rounds`);
}

async function expectPodium(page: Page) {
  await expect(page.getByTestId("tournament-status")).toHaveText("Tournament Complete - Winners Crowned!");
  const podium = page.getByTestId("podium");
  for (const place of ["CHAMPION", "RUNNER-UP", "3RD PLACE"])
    await expect(podium.getByText(place)).toBeVisible();
  for (const prize of ["1,000 coins", "500 coins", "250 coins"])
    await expect(podium.getByText(prize, { exact: true })).toBeVisible();
}

/** A screenshot at the project's width; at a phone's, with everything a phone breaks checked too. */
async function snap(page: Page, name: string, options: { phone?: boolean } = {}) {
  const wide = page.viewportSize() ?? { width: 1440, height: 900 };
  if (options.phone) await page.setViewportSize(phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (options.phone) await checkPhoneScreen(page, `formats-${name}`);
  else await shot(page, `formats-${name}`);
  if (options.phone) await page.setViewportSize(wide);
}

async function archive(adminPage: Page, id: string) {
  expect((await adminPage.request.post(`/api/admin/tournaments/${id}/archive`)).ok()).toBe(true);
}

/** A tournament the admin creates through the API (admin-funded 1000/500/250, rounds of an hour). */
async function createByApi(adminPage: Page, body: Record<string, unknown>) {
  const answer = await adminPage.request.post("/api/admin/tournaments", {
    data: { entryFeeMode: "admin", registrationMinutes: 60, roundSeconds: ROUND_SECONDS, ...body },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { tournament } = (await answer.json()) as { tournament: { id: string; format: string } };
  expect(tournament.format).toBe(body.format);
  return tournament.id;
}

test("double elimination, round robin and Swiss each play out on /tournament the way players expect", async ({
  browser,
  page,
}) => {
  await expectTestClock(page.request);
  const tag = randomBytes(2).toString("hex");
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await enterAs(adminPage, admin);
  // The player in this browser, and four rivals who play through the API.
  await enterAs(page, newPlayer("viewer"));
  await createFirstBot(page.request, "Viewer Unit");
  const rivals = await Promise.all([1, 2, 3, 4].map((i) => pilot(browser, `rival${i}`)));
  const viewer: Pilot = { request: page.request };

  // --- Double elimination, created in the admin's tab: four players, no byes.
  const deName = `Two Lives ${tag}`;
  await adminPage.goto("/admin?tab=tournaments");
  await adminPage.getByLabel("Tournament name").fill(deName);
  // A Swiss asks for its rounds (blank: automatic); another format does not.
  await adminPage.getByLabel("Format").selectOption({ label: "Swiss" });
  await adminPage.getByLabel("Swiss rounds").fill("3");
  await snap(adminPage, "admin-form");
  await adminPage.getByLabel("Format").selectOption({ label: "Double elimination" });
  await expect(adminPage.getByLabel("Swiss rounds")).toHaveCount(0);
  await adminPage.getByLabel("Registration (minutes)").fill("60");
  await adminPage.getByLabel("Seconds per round").fill(String(ROUND_SECONDS));
  await adminPage.getByRole("button", { name: "Create Tournament" }).click();
  await expect(toast(adminPage, `Tournament '${deName}' created`)).toBeVisible();
  const deRow = adminPage.getByTestId("admin-tournament").filter({ hasText: deName });
  await expect(deRow).toContainText("Double elimination");
  const list = (await (await adminPage.request.get("/api/admin/tournaments")).json()) as {
    tournaments: { id: string; name: string }[];
  };
  const deId = list.tournaments.find((t) => t.name === deName)!.id;

  await enterAndStart(adminPage, deId, [viewer, ...rivals.slice(0, 3)]);
  await page.goto("/tournament");
  await expect(page.getByTestId("tournament-name")).toHaveText(deName);
  await expect(page.getByTestId("tournament-format")).toHaveText("Double elimination");
  const winners = page.getByRole("region", { name: "WINNERS BRACKET" });
  const losers = page.getByRole("region", { name: "LOSERS BRACKET" });
  const finals = page.getByRole("region", { name: "GRAND FINAL" });
  await expect(
    winners.getByTestId("match-card").and(page.locator("[data-status='in_progress']")),
  ).toHaveCount(2);
  await expect(losers.getByText("A first defeat drops a player here; a second ends the run.")).toBeVisible();
  await snap(page, "double-elimination-round-1");
  let losersSeen = false;
  const deDone = await playToTheEnd(page, deId, async (detail) => {
    const onLosers = detail.matches.filter((m) => m.side === "losers").length;
    await expect(losers.getByTestId("match-card")).toHaveCount(onLosers);
    if (onLosers > 0 && !losersSeen) {
      losersSeen = true;
      // Round 2: the winners' final beside the losers' first round, the semi-finals joined to it by lines.
      await expect(winners.getByRole("heading", { name: "WINNERS ROUND 2" })).toBeVisible();
      await expect(losers.getByRole("heading", { name: "LOSERS ROUND 1" })).toBeVisible();
      await expect(winners.getByTestId("line-out")).toHaveCount(2);
      await snap(page, "double-elimination-losers");
    }
  });
  expect(losersSeen).toBe(true);
  await expectPodium(page);
  const finalsPlayed = deDone.matches.filter((m) => m.side === "grand_final" || m.side === "bracket_reset");
  await expect(finals.getByTestId("match-card")).toHaveCount(finalsPlayed.length);
  await expect(winners.getByTestId("crown")).toHaveCount(3);
  await snap(page, "double-elimination-complete");
  await snap(page, "double-elimination-complete-phone", { phone: true });
  await archive(adminPage, deId);

  // --- Round robin through the API: three players, so each round one of them has a bye.
  const rrId = await createByApi(adminPage, { name: `All Meet ${tag}`, format: "round_robin" });
  await enterAndStart(adminPage, rrId, [viewer, ...rivals.slice(0, 2)]);
  await expect(page.getByTestId("tournament-format")).toHaveText("Round robin");
  const table = page.getByRole("table", { name: "Standings" });
  await expect(table.getByTestId("standing-row")).toHaveCount(3);
  await expect(table.getByRole("columnheader", { name: "Buchholz" })).toHaveCount(0);
  await expect(table.locator("[aria-current='true']")).toContainText("You");
  const roundOne = page.getByRole("region", { name: "ROUND 1" });
  await expect(roundOne.getByTestId("match-card")).toHaveCount(2);
  await expect(roundOne.getByTestId("match-card").filter({ hasText: "BYE" })).toHaveCount(1);
  await snap(page, "round-robin-round-1");
  await playToTheEnd(page, rrId, async (detail) => {
    const round = Math.max(...detail.matches.map((m) => m.round));
    const live = page.getByRole("region", { name: `ROUND ${round}` });
    await expect(live.getByTestId("match-card").filter({ hasText: "BYE" })).toHaveCount(1);
  });
  await expectPodium(page);
  await expect(page.getByTestId("pairing-round")).toHaveCount(3);
  await expect(table.getByTestId("standing-row").first()).toContainText("1st");
  await expect(table.getByTestId("standing-row").nth(2)).toContainText("3rd");
  await snap(page, "round-robin-complete");
  await archive(adminPage, rrId);

  // --- Swiss through the API: five players, ceil(log2 5) = 3 rounds, a bye in each.
  const swissId = await createByApi(adminPage, { name: `Swiss Night ${tag}`, format: "swiss" });
  await enterAndStart(adminPage, swissId, [viewer, ...rivals]);
  await expect(page.getByTestId("tournament-format")).toHaveText("Swiss · 3 rounds");
  await expect(table.getByTestId("standing-row")).toHaveCount(5);
  await expect(table.getByRole("columnheader", { name: "Buchholz" })).toBeVisible();
  await expect(table.getByTestId("buchholz")).toHaveCount(5);
  await expect(page.getByRole("region", { name: "ROUND 1" }).getByTestId("match-card")).toHaveCount(3);
  await playToTheEnd(page, swissId, async (detail) => {
    const round = Math.max(...detail.matches.map((m) => m.round));
    await expect(page.getByTestId("pairing-round").first()).toHaveAttribute("aria-label", `ROUND ${round}`);
    if (round === 2) await snap(page, "swiss-round-2");
  });
  await expectPodium(page);
  await expect(page.getByTestId("pairing-round")).toHaveCount(3);
  await expect(page.getByTestId("match-card").filter({ hasText: "BYE" })).toHaveCount(3);
  await snap(page, "swiss-complete");
  await snap(page, "swiss-complete-phone", { phone: true });
  await archive(adminPage, swissId);

  // The admin's list names each format.
  await adminPage.reload();
  await expect(
    adminPage.getByTestId("admin-tournament").filter({ hasText: `All Meet ${tag}` }),
  ).toContainText("Round robin");
  await expect(
    adminPage.getByTestId("admin-tournament").filter({ hasText: `Swiss Night ${tag}` }),
  ).toContainText("Swiss · 3 rounds");
  await snap(adminPage, "admin-list");

  for (const rival of rivals) await rival.close();
  await adminContext.close();
});
