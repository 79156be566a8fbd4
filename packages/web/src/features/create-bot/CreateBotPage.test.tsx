// /create-bot (seed 000 §2, §4, §5, §8): the three tabs refuse to move on with the rulebook's words; the stats
// stay between 5 and 15 with 40 points to place; only the first bot is made here.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBot, fail, findLocation, findToast, renderPage } from "../../app/test-render";
import CreateBotPage from "./CreateBotPage";

function firstBotPage(api: Parameters<typeof renderPage>[1]["api"] = {}) {
  return renderPage(<CreateBotPage />, { path: "/create-bot", api: { listBots: { bots: [] }, ...api } });
}

const selected = (tab: RegExp) => screen.getByRole("tab", { name: tab }).getAttribute("aria-selected");
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

type User = ReturnType<typeof firstBotPage>["user"];

async function nameIt(user: User, name = "Neon Wraith") {
  await user.type(await screen.findByLabelText("Bot Name"), name);
}

/** Places all 20 free points: agility to its 15, strength +6, defense +4. */
async function placeAllPoints(user: User) {
  for (let i = 0; i < 10; i++) await user.click(button("Increase Agility"));
  for (let i = 0; i < 6; i++) await user.click(button("Increase Strength"));
  for (let i = 0; i < 4; i++) await user.click(button("Increase Defense"));
}

describe("/create-bot", () => {
  it("Next without a name says 'Please enter a bot name!' and stays on Design", async () => {
    const { user } = firstBotPage();
    await user.click(await screen.findByRole("button", { name: "Next" }));
    expect(await findToast("Please enter a bot name!")).toBeTruthy();
    expect(selected(/Design/)).toBe("true");
  });

  it("Stats: 20 points left, 'Please allocate all 40 stat points!', Next off, no stat below 5; Confirm refuses", async () => {
    const { user } = firstBotPage();
    await nameIt(user);
    await user.click(button("Next"));
    expect(selected(/Stats/)).toBe("true");
    expect(screen.getByTestId("points-remaining").textContent).toBe("20");
    expect(
      screen.getByText("Please allocate all 40 stat points!", { selector: "[role=status]" }),
    ).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    for (const stat of ["Strength", "Agility", "Defense", "Intelligence"]) {
      expect(button(`Decrease ${stat}`).disabled).toBe(true);
    }
    await user.click(screen.getByRole("tab", { name: /Confirm/ }));
    expect(await findToast("Please allocate all 40 stat points!")).toBeTruthy();
    expect(selected(/Stats/)).toBe("true");
  });

  it("a stat stops at 15, nothing rises once all points are placed, and then Next opens Confirm", async () => {
    const { user } = firstBotPage();
    await nameIt(user);
    await user.click(button("Next"));
    for (let i = 0; i < 10; i++) await user.click(button("Increase Agility"));
    expect(button("Increase Agility").disabled).toBe(true);
    expect(button("Decrease Agility").disabled).toBe(false);
    for (let i = 0; i < 6; i++) await user.click(button("Increase Strength"));
    for (let i = 0; i < 4; i++) await user.click(button("Increase Defense"));
    expect(screen.getByTestId("points-remaining").textContent).toBe("0");
    expect(button("Increase Intelligence").disabled).toBe(true);
    expect(button("Increase Strength").disabled).toBe(true);
    expect(screen.queryByText("Please allocate all 40 stat points!")).toBeNull();
    await user.click(button("Next"));
    expect(selected(/Confirm/)).toBe("true");
    await user.click(button("Back"));
    expect(selected(/Stats/)).toBe("true");
  });

  it("a name of spaces is refused at Confirm with 'Please enter a bot name!'", async () => {
    const { user } = firstBotPage();
    await nameIt(user);
    await user.click(button("Next"));
    await placeAllPoints(user);
    await user.click(screen.getByRole("tab", { name: /Design/ }));
    await user.clear(screen.getByLabelText("Bot Name"));
    await user.type(screen.getByLabelText("Bot Name"), "   ");
    await user.click(screen.getByRole("tab", { name: /Confirm/ }));
    expect(await findToast("Please enter a bot name!")).toBeTruthy();
    expect(selected(/Design/)).toBe("true");
  });

  it("the name counts up to 30 characters", async () => {
    const { user } = firstBotPage();
    await nameIt(user, "N".repeat(35));
    expect((screen.getByLabelText("Bot Name") as HTMLInputElement).value).toHaveLength(30);
    expect(screen.getByText("30/30 characters")).toBeTruthy();
  });

  it("a bot without an image says 'Failed to generate bot image, using default' and still initializes", async () => {
    const { user } = firstBotPage({ createBot: aBot({ name: "Neon Wraith", imageUrl: null }) });
    await nameIt(user);
    await user.click(button("Next"));
    await placeAllPoints(user);
    await user.click(button("Next"));
    await user.click(button("Create Bot"));
    expect(await findToast("Failed to generate bot image, using default")).toBeTruthy();
    expect(await screen.findByText("Neon Wraith Initialized!")).toBeTruthy();
    expect(screen.getByText("Preparing your bot for combat...")).toBeTruthy();
  });

  it("a refused creation shows the server's message and the form stays usable", async () => {
    const { user } = firstBotPage({
      createBot: fail(400, "VALIDATION", "Name must be at most 30 characters"),
    });
    await nameIt(user);
    await user.click(button("Next"));
    await placeAllPoints(user);
    await user.click(button("Next"));
    await user.click(button("Create Bot"));
    expect(await findToast("Name must be at most 30 characters")).toBeTruthy();
    expect(button("Create Bot").disabled).toBe(false);
  });

  it("a player who already has a bot goes on to /dashboard", async () => {
    renderPage(<CreateBotPage />, { path: "/create-bot", api: { listBots: { bots: [aBot()] } } });
    expect(await findLocation()).toBe("/dashboard");
  });
});
