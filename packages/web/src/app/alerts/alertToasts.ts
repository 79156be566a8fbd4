// What each of a player's alerts says as a toast (the kinds are in the contract's player-alerts.ts): its tone,
// its words and the one action that takes the player where it happened. An event that is not an alert, or whose
// data is not what the kind promises, shows nothing: events are hints, never trusted.
import { type LiveEvent, playerAlertKinds } from "@bot-arena/contract";
import { ordinal } from "@bot-arena/game";
import { formatCoins } from "../../features/bank/coins";

export type AlertToast = {
  tone: "info" | "success" | "warning" | "error";
  title: string;
  description: string;
  action: { label: string; to: string };
};

const TOURNAMENT_PAGE = "/tournament";
const DEFENSES_PAGE = "/defenses";
const GUILD_WARS_PAGE = "/guild-wars";

type Data = Record<string, unknown>;
const text = (data: Data, key: string) => (typeof data[key] === "string" ? (data[key] as string) : null);
const count = (data: Data, key: string) =>
  typeof data[key] === "number" && Number.isInteger(data[key]) ? (data[key] as number) : null;

function tournamentResult(data: Data, name: string, round: number): AlertToast | null {
  const view = { label: "View", to: TOURNAMENT_PAGE };
  switch (data.outcome) {
    case "won":
      return {
        tone: "success",
        title: `You won round ${round} of ${name}`,
        description: "You advance to the next round.",
        action: view,
      };
    case "lost":
      return {
        tone: "warning",
        title: `You lost round ${round} of ${name}`,
        description: "You are still in: your next match comes in the next round.",
        action: view,
      };
    case "knocked_out":
      return {
        tone: "error",
        title: `Knocked out of ${name}`,
        description: `You lost in round ${round}. Better luck in the next tournament.`,
        action: view,
      };
    case "finished": {
      const place = count(data, "place");
      const prize = count(data, "prize") ?? 0;
      if (place === null) return null;
      const won = prize > 0 ? `+${formatCoins(prize)} coins.` : "Thanks for fighting.";
      return place === 1
        ? { tone: "success", title: `You won ${name}!`, description: `Champion: ${won}`, action: view }
        : {
            tone: place <= 3 ? "success" : "info",
            title: `${name} is over: you placed ${ordinal(place)}`,
            description: won,
            action: view,
          };
    }
    case playerAlertKinds.pvpRaid: {
      const [attacker, bot] = [text(data, "attackerName"), text(data, "botName")];
      return attacker === null || bot === null ? null : pvpRaid(data, attacker, bot);
    }
    default:
      return null;
  }
}

function warEnded(data: Data, war: string, guild: string): AlertToast {
  const placement = count(data, "placement");
  const prize = count(data, "prize") ?? 0;
  const view = { label: "View", to: GUILD_WARS_PAGE };
  if (placement === null) return { tone: "info", title: `${war} is over`, description: "", action: view };
  return {
    tone: prize > 0 ? "success" : "info",
    title: `${war} is over: ${guild} placed ${ordinal(placement)}`,
    description: prize > 0 ? `+${formatCoins(prize)} coins into the guild bank.` : "No reward this time.",
    action: view,
  };
}

function pvpRaid(data: Data, attacker: string, bot: string): AlertToast | null {
  const [coins, rating] = [count(data, "coins"), count(data, "ratingDelta")];
  if (coins === null || rating === null) return null;
  const points = `${Math.abs(rating)} rating`;
  const shield = typeof data.shieldUntil === "number" ? new Date(data.shieldUntil) : null;
  const view = { label: "View", to: DEFENSES_PAGE };
  if (data.held === true) {
    return {
      tone: "success",
      title: `${bot} held against ${attacker}`,
      description: `+${formatCoins(coins)} coins, +${points}.`,
      action: view,
    };
  }
  const shielded = shield
    ? ` You are shielded until ${shield.toLocaleTimeString(undefined, { timeStyle: "short" })}.`
    : "";
  return {
    tone: "warning",
    title: `${attacker} raided ${bot}`,
    description: `You lost ${formatCoins(coins)} coins and ${points}.${shielded}`,
    action: view,
  };
}

export function alertToast(event: Pick<LiveEvent, "kind" | "data">): AlertToast | null {
  const data = event.data ?? {};
  switch (event.kind) {
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
    case playerAlertKinds.warEnded: {
      const [war, tag, guildName] = [text(data, "warName"), text(data, "guildTag"), text(data, "guildName")];
      if (war === null || tag === null || guildName === null) return null;
      const guild = `[${tag}] ${guildName}`;
      if (event.kind === playerAlertKinds.warEnded) return warEnded(data, war, `[${tag}]`);
      return {
        tone: "info",
        title: `${guild} is drafted for ${war}`,
        description: "Your guild fights when registration ends. It costs nothing.",
        action: { label: "View", to: GUILD_WARS_PAGE },
      };
    }
    case playerAlertKinds.pvpRaid: {
      const [attacker, bot] = [text(data, "attackerName"), text(data, "botName")];
      return attacker === null || bot === null ? null : pvpRaid(data, attacker, bot);
    }
    default:
      return null;
  }
}
