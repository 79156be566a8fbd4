// What each of a player's alerts says, in one place for every reader: the web's toast and inbox row, and the
// server's stored link and push notification. The kinds are in player-alerts.ts and their data's shapes in
// live.ts; an alert whose data is not what its kind promises says nothing (events are hints, never trusted).
// No zod here, so the app shell can read it without bringing zod into its download.
import { ordinal } from "@bot-arena/game";
import { type PlayerAlertKind, playerAlertKinds } from "./player-alerts";

export type AlertText = {
  tone: "info" | "success" | "warning" | "error";
  title: string;
  description: string;
  /** Where the alert happened; null when it has no page of its own (a chat mute: the chat is on every page). */
  action: { label: string; to: string } | null;
};

type Data = Record<string, unknown>;

export const TOURNAMENT_PAGE = "/tournament";
export const GUILD_WARS_PAGE = "/guild-wars";
export const DEFENSES_PAGE = "/defenses";
const view = (to: string) => ({ label: "View", to });

const text = (data: Data, key: string) => (typeof data[key] === "string" ? (data[key] as string) : null);
const count = (data: Data, key: string) =>
  typeof data[key] === "number" && Number.isInteger(data[key]) ? (data[key] as number) : null;
const coins = (n: number) => `${n.toLocaleString("en-US")} coins`;

/** 'LOSERS ROUND 1' as prose: 'Losers Round 1'; 'SEMI-FINALS': 'Semi-Finals'. */
const prose = (title: string) =>
  title.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, gap, letter) => gap + letter.toUpperCase());

function tournamentResult(data: Data, name: string, round: number): AlertText | null {
  const action = view(TOURNAMENT_PAGE);
  const title = text(data, "roundTitle");
  const stage = title === null ? `round ${round}` : prose(title);
  // In a round robin or a Swiss everyone plays every round: a win moves nobody on, a loss sends nobody home.
  const everyRound = data.format === "round_robin" || data.format === "swiss";
  switch (data.outcome) {
    case "won":
      return {
        tone: "success",
        title: `You won ${stage} of ${name}`,
        description: everyRound
          ? "Your next match comes in the next round."
          : "You advance to the next round.",
        action,
      };
    case "lost":
      return {
        tone: "warning",
        title: `You lost ${stage} of ${name}`,
        description:
          data.format === "double_elimination"
            ? "You drop to the losers' bracket: one more loss and you are out."
            : "You are still in: your next match comes in the next round.",
        action,
      };
    case "knocked_out":
      return {
        tone: "error",
        title: `Knocked out of ${name}`,
        description: `You lost in ${stage}. Better luck in the next tournament.`,
        action,
      };
    case "finished": {
      const place = count(data, "place");
      const prize = count(data, "prize") ?? 0;
      if (place === null) return null;
      const won = prize > 0 ? `+${coins(prize)}.` : "Thanks for fighting.";
      return place === 1
        ? { tone: "success", title: `You won ${name}!`, description: `Champion: ${won}`, action }
        : {
            tone: place <= 3 ? "success" : "info",
            title: `${name} is over: you placed ${ordinal(place)}`,
            description: won,
            action,
          };
    }
    default:
      return null;
  }
}

function war(data: Data, ended: boolean): AlertText | null {
  const [name, tag, guildName] = [text(data, "warName"), text(data, "guildTag"), text(data, "guildName")];
  if (name === null || tag === null || guildName === null) return null;
  const action = view(GUILD_WARS_PAGE);
  if (!ended) {
    return {
      tone: "info",
      title: `[${tag}] ${guildName} is drafted for ${name}`,
      description: "Your guild fights when registration ends. It costs nothing.",
      action,
    };
  }
  const placement = count(data, "placement");
  const prize = count(data, "prize") ?? 0;
  if (placement === null) return { tone: "info", title: `${name} is over`, description: "", action };
  return {
    tone: prize > 0 ? "success" : "info",
    title: `${name} is over: [${tag}] placed ${ordinal(placement)}`,
    description: prize > 0 ? `+${coins(prize)} into the guild bank.` : "No reward this time.",
    action,
  };
}

function cashoutSettled(data: Data): AlertText | null {
  const amount = count(data, "amount");
  if (amount === null) return null;
  const action = view("/bank");
  if (data.status === "paid")
    return { tone: "success", title: `Your cash-out of ${coins(amount)} was paid`, description: "", action };
  if (data.status !== "refunded") return null;
  return {
    tone: "warning",
    title: `Your cash-out of ${coins(amount)} was refunded to your vault`,
    description: text(data, "reason") ?? "",
    action,
  };
}

function grantReceived(data: Data): AlertText | null {
  const item = text(data, "itemName");
  const granted = count(data, "coins") ?? 0;
  const description = "A gift from the arena's admins.";
  if (item !== null)
    return { tone: "success", title: `You received ${item}`, description, action: view("/inventory") };
  if (granted <= 0) return null;
  return { tone: "success", title: `You received ${coins(granted)}`, description, action: view("/bank") };
}

function moderationMuted(data: Data): AlertText | null {
  const minutes = count(data, "minutes");
  if (minutes === null) return null;
  const reason = text(data, "reason");
  return {
    tone: "warning",
    title: `You are muted in chat for ${minutes} minute${minutes === 1 ? "" : "s"}`,
    description: reason ? `Reason: ${reason}` : "",
    action: null,
  };
}

function pvpRaid(data: Data): AlertText | null {
  const [attacker, bot] = [text(data, "attackerName"), text(data, "botName")];
  const [moved, rating] = [count(data, "coins"), count(data, "ratingDelta")];
  if (attacker === null || bot === null || moved === null || rating === null) return null;
  const points = `${Math.abs(rating)} rating`;
  const action = view(DEFENSES_PAGE);
  if (data.held === true) {
    return {
      tone: "success",
      title: `${bot} held against ${attacker}`,
      description: `+${coins(moved)}, +${points}.`,
      action,
    };
  }
  const shield = typeof data.shieldUntil === "number" ? new Date(data.shieldUntil) : null;
  const shielded = shield
    ? ` You are shielded until ${shield.toLocaleTimeString(undefined, { timeStyle: "short" })}.`
    : "";
  return {
    tone: "warning",
    title: `${attacker} raided ${bot}`,
    description: `You lost ${coins(moved)} and ${points}.${shielded}`,
    action,
  };
}

/** The season's end page, where its final standings stay readable. */
export const seasonPage = (season: number | string) => `/seasons/${season}`;

function pvpSeasonReward(data: Data): AlertText | null {
  const [season, place, badge] = [count(data, "season"), count(data, "place"), text(data, "badge")];
  const paid = count(data, "coins") ?? 0;
  if (season === null || place === null || badge === null) return null;
  const title = text(data, "title");
  return {
    tone: "success",
    title: `Season ${season} is over: you placed #${place}${paid > 0 ? ` (${coins(paid)})` : ""}`,
    description:
      title === null
        ? `You earned the ${badge} badge.`
        : `You earned the title Season ${season} ${title} and its badge.`,
    action: { label: "Standings", to: seasonPage(season) },
  };
}

export function alertText(kind: string, data: Data = {}): AlertText | null {
  switch (kind) {
    case playerAlertKinds.tournamentMatchLive: {
      const [name, round, battleId] = [
        text(data, "tournamentName"),
        count(data, "round"),
        text(data, "battleId"),
      ];
      if (name === null || round === null || battleId === null) return null;
      return {
        tone: "info",
        title: `Your match in ${name} is live`,
        description: `Round ${round}: your bot is fighting now.`,
        action: { label: "Watch", to: `/battles/${encodeURIComponent(battleId)}` },
      };
    }
    case playerAlertKinds.tournamentResult: {
      const [name, round] = [text(data, "tournamentName"), count(data, "round")];
      return name === null || round === null ? null : tournamentResult(data, name, round);
    }
    case playerAlertKinds.warDrafted:
      return war(data, false);
    case playerAlertKinds.warEnded:
      return war(data, true);
    case playerAlertKinds.cashoutSettled:
      return cashoutSettled(data);
    case playerAlertKinds.grantReceived:
      return grantReceived(data);
    case playerAlertKinds.moderationMuted:
      return moderationMuted(data);
    case playerAlertKinds.pvpRaid:
      return pvpRaid(data);
    case playerAlertKinds.pvpSeasonReward:
      return pvpSeasonReward(data);
    default:
      return null;
  }
}

/** Several alerts of one kind said once, as a push notification stacks them ('3 tournament results'). */
const stackedTitles: Record<PlayerAlertKind, (n: number) => string> = {
  [playerAlertKinds.tournamentMatchLive]: (n) => `${n} of your tournament matches went live`,
  [playerAlertKinds.tournamentResult]: (n) => `${n} tournament results`,
  [playerAlertKinds.warDrafted]: (n) => `Your guild was drafted ${n} times`,
  [playerAlertKinds.warEnded]: (n) => `${n} guild wars are over`,
  [playerAlertKinds.cashoutSettled]: (n) => `${n} cash-outs settled`,
  [playerAlertKinds.grantReceived]: (n) => `You received ${n} gifts`,
  [playerAlertKinds.moderationMuted]: (n) => `You were muted in chat ${n} times`,
  [playerAlertKinds.pvpRaid]: (n) => `You were attacked ${n} times`,
  [playerAlertKinds.pvpSeasonReward]: (n) => `${n} PvP season rewards`,
};

/** The line one kind's alerts take in a stacked notification: the alert's own title when it is alone. */
export function stackedLine(kind: string, n: number, latest: AlertText | null): string {
  if (n === 1 && latest) return latest.title;
  const titled = (stackedTitles as Record<string, ((n: number) => string) | undefined>)[kind];
  return titled ? titled(n) : `${n} new alerts`;
}

/** The inbox, where stacked alerts are read one by one. */
export const ALERTS_PAGE = "/alerts";

/**
 * One notification for `count` alerts of a kind that came while the player was away: one says what it said
 * (`data` is its data), more say how many, and lead to the inbox.
 */
export function stackedAlertText(
  kind: PlayerAlertKind,
  count: number,
  data: Data,
): { title: string; body: string; link: string } {
  const body = "Open your alerts to read them.";
  if (count > 1) return { title: stackedLine(kind, count, null), body, link: ALERTS_PAGE };
  const one = alertText(kind, data);
  // Data that is not what its kind promises says nothing of its own, as a toast would not.
  if (!one) return { title: "You have a new alert", body, link: ALERTS_PAGE };
  return { title: one.title, body: one.description, link: one.action?.to ?? ALERTS_PAGE };
}

/** The alerts of one kind that wait in one notification: how many, and the newest one's data. */
export type AlertStack = { kind: PlayerAlertKind; count: number; data: Data };

/** The tag of a notification that holds several kinds (one kind's notification is tagged with its kind). */
export const SEVERAL_KINDS = "alerts";

/**
 * The one notification a player away from the game gets for everything that came meanwhile: a single kind reads
 * as `stackedAlertText`; several say how many in all and give a line per kind (in the order the kinds came), to the inbox.
 */
export function awayNotificationText(stacks: readonly AlertStack[]): {
  title: string;
  body: string;
  link: string;
  kind: string;
  count: number;
} {
  const count = stacks.reduce((sum, s) => sum + s.count, 0);
  const [only] = stacks;
  if (stacks.length === 1 && only) {
    return { ...stackedAlertText(only.kind, only.count, only.data), kind: only.kind, count };
  }
  const lines = stacks.map((s) => {
    const latest = s.count === 1 ? alertText(s.kind, s.data) : null;
    return s.count === 1 && latest === null ? "You have a new alert" : stackedLine(s.kind, s.count, latest);
  });
  return {
    title: `${count} new alerts`,
    body: lines.join("\n"),
    link: ALERTS_PAGE,
    kind: SEVERAL_KINDS,
    count,
  };
}
