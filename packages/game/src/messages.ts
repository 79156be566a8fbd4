// Every player-facing text the rules produce, word for word from the specs, so the server's errors and the
// web app's toasts can never drift apart. Texts with a number in them are functions.
import {
  CASHOUT_GAMERTAG_MAX,
  CHAT_MESSAGE_MAX,
  CREATION_STAT_MAX,
  CREATION_STAT_MIN,
  CREATION_TOTAL_POINTS,
  GUILD_DESCRIPTION_MAX,
  GUILD_DONATION_MAX,
  GUILD_NAME_MAX,
  GUILD_TAG_MAX,
  GUILD_WAR_ELIGIBILITY_BANK,
  GUILDS_PER_WAR,
  MAX_BALANCE,
  MAX_BOTS,
  RECYCLE_REFUND,
  REFRESH_COST,
  RENAME_COST,
  SUMMON_BONUS_POINTS,
  SUMMON_NAME_MAX,
  SUMMON_NAME_MIN,
  TOURNAMENT_MIN_PLAYERS,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_PLAYERS_LIMIT,
  TRAINING_ENERGY_PER_POINT,
  USERNAME_MAX,
  VAULT_DAILY_DEPOSIT_LIMIT,
} from "./constants";
import type { StatName } from "./types";

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const messages = {
  // Session and generic
  notAuthenticated: "Not authenticated",
  notEnoughCoins: "Not enough coins!",
  insufficientCoins: "Insufficient coins",
  /** `whose` names the account: "your wallet", "the seller's wallet", "the guild bank"... */
  balancePastMax: (whose: string) =>
    `That would take ${whose} past the ${MAX_BALANCE.toLocaleString("en-US")} coin maximum.`,
  loginToChat: "Please login to chat",
  adminRequired: "Unauthorized: Admin access required",
  loggedOut: "Logged out successfully",
  logoutFailed: "Failed to logout",
  welcomeBack: "Welcome back!",
  accountCreated: "Account created! Redirecting...",
  authFailed: "Authentication failed",

  // Bot creation
  enterBotName: "Please enter a bot name!",
  allocateAllCreationPoints: `Please allocate all ${CREATION_TOTAL_POINTS} stat points!`,
  creationStatOutOfRange: `Each stat must be a whole number from ${CREATION_STAT_MIN} to ${CREATION_STAT_MAX}`,
  unknownModel: "Please choose a bot model",
  unknownColorScheme: "Please choose a color scheme",
  botCreated: "Bot created successfully!",
  botInitialized: (name: string) => `${name} Initialized!`,
  preparingBot: "Preparing your bot for combat...",
  generatingImage: "Generating your mecha bot image...",
  imageFallback: "Failed to generate bot image, using default",

  // Names
  nameTooLong: (max: number) => `Name must be at most ${max} characters`,
  enterValidName: "Please enter a valid name",
  summonNameLength: `Name must be ${SUMMON_NAME_MIN} to ${SUMMON_NAME_MAX} characters`,
  /** `label` names the field: "Username", "Guild name", "Guild tag", "Name" (a bot's). */
  nameHasHiddenCharacters: (label: string) =>
    `${label} cannot contain invisible, private-use, unassigned, control or text-direction characters`,
  nameNeedsLetterOrDigit: (label: string) => `${label} must contain at least one letter or digit`,
  usernameRequired: "Username is required",
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,

  // Roster
  activeBotChanged: "Active bot changed!",
  cannotRecycleActive: "Cannot recycle your active bot!",
  recycleTournamentConflict: "Cannot recycle bot - tournament conflict. Contact support.",
  botRecycled: `Bot recycled! +${RECYCLE_REFUND} coins`,
  renameNeedsCoins: `You need ${RENAME_COST} coins to rename a bot`,
  botRenamed: (name: string) => `Bot renamed to "${name}"!`,
  refreshNeedsCoins: `You need ${REFRESH_COST} coins to refresh a bot`,
  botRefreshed: (rarity: string) => `Bot refreshed! New rarity: ${rarity}`,
  botNotFound: "Bot not found",
  noActiveBot: "No active bot found. Please create or activate a bot first.",

  // Summoning
  maxBots: `Maximum ${MAX_BOTS} bots allowed!`,
  needCoins: (coins: number) => `Need ${coins} coins!`,
  invalidSummonCount: "You can summon 1 or 10 bots",
  summoned: (count: number) => `Summoned ${count} bot(s)!`,
  allBotsReady: "All bots are ready!",
  botReady: (name: string) => `${name} is ready!`,
  allocateMorePoints: (points: number) => `Allocate ${points} more points`,
  tooManyBonusPoints: `Only ${SUMMON_BONUS_POINTS} points to allocate`,
  bonusPointsInvalid: "Points must be whole numbers of 0 or more",

  // Training
  noAvailablePoints: "No available points! Level up your bot to gain more points.",
  notEnoughTrainingEnergy: `Not enough energy! Need ${TRAINING_ENERGY_PER_POINT} energy per stat point.`,
  statTrained: (stat: StatName) => `${capitalize(stat)} +1!`,

  // Battles
  selectOpponent: "Select an opponent first!",
  notEnoughEnergy: (energy: number) => `Not enough energy! Need ${energy} energy.`,
  needsRepair: "Your bot needs repairs!",
  cannotFightOwnBot: "You cannot battle your own bot!",
  opponentProtected: "This player is safe from PvP",
  victory: "Victory!",
  defeat: "Defeat!",
  battleFailed: "Battle failed!",
  levelUp: (level: number, points: number) => `Level Up! Now level ${level}! (+${points} stat points)`,

  // Shop, inventory, repair
  purchased: (item: string) => `Purchased ${item}!`,
  energyRestored: "Energy fully restored!",
  purchaseSuccessful: "Purchase successful!",
  needActiveBotToEquip: "You need an active bot to equip weapons",
  itemEquipped: "Item equipped to active bot",
  itemUnequipped: "Item unequipped",
  perfectCondition: "Bot is in perfect condition!",
  botRepaired: "Bot repaired successfully!",

  // Marketplace
  invalidListing: "Please select a bot and enter a valid price",
  botAlreadyListed: "This bot is already listed",
  cannotListActive: "Cannot list your active bot!",
  cannotBuyOwn: "You cannot buy your own bot",
  botListed: "Bot listed for sale!",
  listingCancelled: "Listing cancelled",
  purchaseFailed: "Purchase failed",

  // Vault and cash-out
  enterValidAmount: "Enter a valid amount",
  depositLimit: (left: number) =>
    `Daily deposit limit is ${VAULT_DAILY_DEPOSIT_LIMIT} coins (${left} left today)`,
  invalidGamertag: `Please enter a valid gamertag (max ${CASHOUT_GAMERTAG_MAX} characters)`,
  insufficientVault: "Insufficient vault balance",
  cashoutSubmitted: "Cashout request submitted! Processing may take 24-48 hours.",
  cashoutFailed: "Cashout failed",

  // Fusion
  cannotFuse: "Cannot fuse these bots!",
  noImagesForRarity: (rarity: string) => `No images available for ${rarity} rarity. Please contact admin.`,
  fusionSuccessful: "Fusion successful!",

  // Tournaments
  tournamentNameRequired: "Tournament name is required",
  tournamentNameTooLong: `Tournament name must be at most ${TOURNAMENT_NAME_MAX} characters`,
  /** One place's reward that is not whole coins from 0 to the coin maximum; `place` is "1st place" etc. */
  invalidReward: (place: string) =>
    `The ${place} reward must be a whole number of coins from 0 to ${MAX_BALANCE.toLocaleString("en-US")}`,
  needActiveBotForTournament: "You need an active bot to join the tournament",
  tournamentFull: "Tournament is full",
  tournamentNotOpen: "Tournament is not open for joining",
  alreadyJoined: "You have already joined this tournament",
  botInAnotherTournament: "This bot is already in another tournament - one tournament at a time per bot",
  joinedTournament: "Joined tournament!",
  readyWaiting: "Ready! Waiting for other players...",
  /** The last ready-up of a full tournament: it starts now, so nobody is left to wait for. */
  readyStarting: "Ready! Everyone is ready: the tournament starts now.",
  readyNote: "Ready - Waiting for other players",
  allPlayersReady: "All players ready! Tournament starting soon...",
  waitingForPlayers: (count: number) => `Waiting for ${count} more player(s) to join`,
  // Once enough have joined, only the ready enter the bracket (design.md's tournament flow).
  waitingForReady: (count: number) => `Waiting for ${count} more player(s) to ready up`,
  unreadyRefunded: "Unready players are refunded at the start",
  statusReadyUp: "Ready Up Phase - Join Now!",
  statusLive: "Battle in Progress - Live Bracket!",
  statusComplete: "Tournament Complete - Winners Crowned!",
  registrationEnded: "Registration Ended",
  calculatingResults: "Calculating Results...",
  noActiveTournament: "No Active Tournament",
  checkBackSoon: "Check back soon for the next tournament!",
  failedToJoinTournament: "Failed to join tournament",
  failedToReadyUp: "Failed to ready up",
  notInTournament: "You have not joined this tournament",
  joinWithActiveBot: "Only your active bot can join a tournament",
  registrationClosed: "Registration has ended",
  tournamentNotFound: "Tournament not found",
  tournamentPlayersRange: `Players must be between ${TOURNAMENT_MIN_PLAYERS} and ${TOURNAMENT_PLAYERS_LIMIT}`,
  tournamentMinAboveMax: "Minimum players cannot be more than maximum players",
  listTournamentConflict: "Cannot list a bot that is entered in a tournament until the tournament ends",
  refreshTournamentConflict: "Cannot refresh a bot that is entered in a tournament until the tournament ends",
  spectatorsOff:
    "Spectators are off for this tournament - the battle opens as a replay once the match is over",
  listedBotCannotJoin: "Your active bot is listed on the marketplace - cancel the listing to join",
  tournamentCancelled: "Cancelled",
  tournamentStarted: "Tournament started - the bracket is live",
  tournamentStartedTooFew: "Not enough ready players - tournament cancelled and fees refunded",
  tournamentStopped: "Tournament stopped - every entry fee refunded",
  tournamentEndedNow: "Tournament ended - every remaining match played and prizes paid",
  tournamentArchived: "Tournament archived",
  tournamentCreated: (name: string) => `Tournament '${name}' created`,
  tournamentCannot: (action: string, status: string) => `Cannot ${action} a tournament that is ${status}`,

  // Admin
  enterPlayerEmail: "Please enter a player email",
  coinAmountPositive: "Coin amount must be positive",
  selectEquipment: "Please select equipment",
  uploadAudioFile: "Please upload an audio file",
  selectFileFirst: "Please select a file first",
  libraryAlreadyEmpty: "Library is already empty",
  libraryCleared: (count: number) => `Library cleared: ${count} images deleted`,

  // Guilds
  guildNameAndTagRequired: "Name and tag are required",
  guildNameTooLong: `Guild name must be at most ${GUILD_NAME_MAX} characters`,
  guildTagTooLong: `Guild tag must be at most ${GUILD_TAG_MAX} characters`,
  guildDescriptionTooLong: `Description must be at most ${GUILD_DESCRIPTION_MAX} characters`,
  enterValidContribution: "Please enter a valid amount",
  contributionTooLarge: `You can contribute at most ${GUILD_DONATION_MAX} coins at a time`,
  guildNotFound: "Guild not found",
  guildNameTaken: "A guild with that name already exists",
  guildTagTaken: "A guild with that tag already exists",
  /** Another live guild's name or tag has the same confusable skeleton (it looks the same). */
  guildNameTooSimilar: "A guild with a name that looks the same already exists",
  guildTagTooSimilar: "A guild with a tag that looks the same already exists",
  memberNotFound: "That player is not in this guild",
  onlyLeaderPromotes: "Only the guild leader can promote members",
  onlyLeaderDemotes: "Only the guild leader can demote officers",
  cannotRemoveMember: "You can only remove members below your rank",
  alreadyOfficer: "That member is already an officer",
  notAnOfficer: "Only officers can be demoted",
  cannotTargetSelf: "You cannot do that to yourself",
  promoted: (name: string) => `${name} is now an officer`,
  demoted: (name: string) => `${name} is now a member`,
  removed: (name: string) => `${name} was removed from the guild`,
  warNotFound: "Guild war not found",
  /** A plain member asked to sit out (or enlist for) the next war. */
  onlySitOutLeaders: "Only the leader or an officer can choose to sit out",
  sittingOutNextWar: "Your guild will sit out the next war",
  enlistedForNextWar: "Your guild is enlisted for the next war",
  /** Guild perks (issue 41). */
  onlyPerkBuyers: "Only the leader or an officer can buy guild perks",
  perkAtMaxLevel: "Your guild already has this perk at its last level",
  perkLevelTaken: (level: number) =>
    `Your guild is at level ${level} of this perk now: the level you chose was bought`,
  bannerColorUnknown: "Choose one of the banner colours",
  bannerEmblemUnknown: "Choose one of the banner emblems",
  bannerUnchanged: "Your guild already flies that banner",
  guildBankTooLow: (price: number) => `The guild bank needs ${price.toLocaleString("en-US")} coins for that`,
  perkBought: (perk: string) => `Bought: ${perk}`,
  /** The three place rewards of the wars that open from now on (the admin sets them; the house pays them). */
  nextWarRewards: (first: number, second: number, third: number) =>
    `The next guild war pays ${[first, second, third].map((c) => c.toLocaleString("en-US")).join(" / ")} coins`,
  alreadyInGuild: "You are already in a guild",
  notInGuild: "You are not in a guild",
  notGuildMember: "You are not a member of this guild",
  guildFull: "Guild is full",
  guildCreated: "Guild created successfully!",
  guildJoined: "Joined guild successfully!",
  contributed: (coins: number) => `Contributed ${coins} coins!`,
  guildLeft: "Left guild successfully",
  noActiveWars: "No active guild wars at the moment",
  warHint: `Guilds need to reach ${GUILD_WAR_ELIGIBILITY_BANK} coins in their bank. When ${GUILDS_PER_WAR} guilds are ready, a war begins!`,

  // Customization
  customizationNeedsCoins: (coins: number, changes: readonly string[]) =>
    `You need ${coins} coins for: ${changes.join(", ")}`,

  // Chat
  chatMessageEmpty: "Message cannot be empty",
  chatMessageBlankCharacters:
    "Message cannot contain blank, private-use or unassigned characters: they show nothing or a box",
  chatMessageNothingVisible: "Message must contain a letter, digit, symbol or emoji",
  chatMessageTooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  chatSendFailed: "Failed to send message",
} as const;
