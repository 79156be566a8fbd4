import { describe, expect, it } from "vitest";
import { messages } from "./messages";

describe("messages carry the specs' exact words", () => {
  it("core validation texts", () => {
    expect(messages.enterBotName).toBe("Please enter a bot name!");
    expect(messages.allocateAllCreationPoints).toBe("Please allocate all 40 stat points!");
    expect(messages.enterValidName).toBe("Please enter a valid name");
    expect(messages.renameNeedsCoins).toBe("You need 5 coins to rename a bot");
    expect(messages.refreshNeedsCoins).toBe("You need 250 coins to refresh a bot");
    expect(messages.cannotRecycleActive).toBe("Cannot recycle your active bot!");
    expect(messages.maxBots).toBe("Maximum 20 bots allowed!");
    expect(messages.needCoins(500)).toBe("Need 500 coins!");
    expect(messages.allocateMorePoints(3)).toBe("Allocate 3 more points");
    expect(messages.noAvailablePoints).toBe("No available points! Level up your bot to gain more points.");
    expect(messages.notEnoughTrainingEnergy).toBe("Not enough energy! Need 5 energy per stat point.");
    expect(messages.selectOpponent).toBe("Select an opponent first!");
    expect(messages.notEnoughEnergy(15)).toBe("Not enough energy! Need 15 energy.");
    expect(messages.notEnoughEnergy(20)).toBe("Not enough energy! Need 20 energy.");
    expect(messages.notEnoughCoins).toBe("Not enough coins!");
    expect(messages.balancePastMax("your wallet")).toBe(
      "That would take your wallet past the 1,000,000,000,000 coin maximum.",
    );
    expect(messages.invalidListing).toBe("Please select a bot and enter a valid price");
    expect(messages.enterValidAmount).toBe("Enter a valid amount");
    expect(messages.invalidGamertag).toBe("Please enter a valid gamertag (max 35 characters)");
    expect(messages.insufficientVault).toBe("Insufficient vault balance");
    expect(messages.notAuthenticated).toBe("Not authenticated");
    expect(messages.cannotFuse).toBe("Cannot fuse these bots!");
    expect(messages.noImagesForRarity("diamond")).toBe(
      "No images available for diamond rarity. Please contact admin.",
    );
    expect(messages.needActiveBotToEquip).toBe("You need an active bot to equip weapons");
  });

  it("core toasts and screens", () => {
    expect(messages.botCreated).toBe("Bot created successfully!");
    expect(messages.botInitialized("Sparky")).toBe("Sparky Initialized!");
    expect(messages.preparingBot).toBe("Preparing your bot for combat...");
    expect(messages.activeBotChanged).toBe("Active bot changed!");
    expect(messages.botRecycled).toBe("Bot recycled! +250 coins");
    expect(messages.botRenamed("Bolt")).toBe('Bot renamed to "Bolt"!');
    expect(messages.summoned(10)).toBe("Summoned 10 bot(s)!");
    expect(messages.allBotsReady).toBe("All bots are ready!");
    expect(messages.statTrained("strength")).toBe("Strength +1!");
    expect(messages.victory).toBe("Victory!");
    expect(messages.defeat).toBe("Defeat!");
    expect(messages.levelUp(3, 10)).toBe("Level Up! Now level 3! (+10 stat points)");
    expect(messages.purchased("Energy Cell")).toBe("Purchased Energy Cell!");
    expect(messages.energyRestored).toBe("Energy fully restored!");
    expect(messages.itemEquipped).toBe("Item equipped to active bot");
    expect(messages.itemUnequipped).toBe("Item unequipped");
    expect(messages.botListed).toBe("Bot listed for sale!");
    expect(messages.listingCancelled).toBe("Listing cancelled");
    expect(messages.cashoutSubmitted).toBe("Cashout request submitted! Processing may take 24-48 hours.");
    expect(messages.fusionSuccessful).toBe("Fusion successful!");
    expect(messages.botReady("Bolt")).toBe("Bolt is ready!");
    expect(messages.botRepaired).toBe("Bot repaired successfully!");
    expect(messages.perfectCondition).toBe("Bot is in perfect condition!");
    expect(messages.noActiveBot).toBe("No active bot found. Please create or activate a bot first.");
    expect(messages.recycleTournamentConflict).toBe(
      "Cannot recycle bot - tournament conflict. Contact support.",
    );
  });

  it("tournament, guild, admin, customization and chat texts", () => {
    expect(messages.tournamentNameRequired).toBe("Tournament name is required");
    expect(messages.needActiveBotForTournament).toBe("You need an active bot to join the tournament");
    expect(messages.statusReadyUp).toBe("Ready Up Phase - Join Now!");
    expect(messages.statusLive).toBe("Battle in Progress - Live Bracket!");
    expect(messages.statusComplete).toBe("Tournament Complete - Winners Crowned!");
    expect(messages.allPlayersReady).toBe("All players ready! Tournament starting soon...");
    expect(messages.waitingForPlayers(2)).toBe("Waiting for 2 more player(s) to join");
    expect(messages.waitingForReady(2)).toBe("Waiting for 2 more player(s) to ready up");
    expect(messages.readyNote).toBe("Ready - Waiting for other players");
    expect(messages.readyWaiting).toBe("Ready! Waiting for other players...");
    expect(messages.joinedTournament).toBe("Joined tournament!");
    expect(messages.enterPlayerEmail).toBe("Please enter a player email");
    expect(messages.coinAmountPositive).toBe("Coin amount must be positive");
    expect(messages.selectEquipment).toBe("Please select equipment");
    expect(messages.adminRequired).toBe("Unauthorized: Admin access required");
    expect(messages.libraryCleared(7)).toBe("Library cleared: 7 images deleted");
    expect(messages.guildNameAndTagRequired).toBe("Name and tag are required");
    expect(messages.enterValidContribution).toBe("Please enter a valid amount");
    expect(messages.contributed(50)).toBe("Contributed 50 coins!");
    expect(messages.warHint).toBe(
      "Guilds need to reach 500 coins in their bank. When 8 guilds are ready, a war begins!",
    );
    expect(messages.insufficientCoins).toBe("Insufficient coins");
    expect(messages.customizationNeedsCoins(10, ["rename", "color change"])).toBe(
      "You need 10 coins for: rename, color change",
    );
    expect(messages.loginToChat).toBe("Please login to chat");
  });
});
