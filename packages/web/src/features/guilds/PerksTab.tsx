// The Perks tab: what the guild bank buys (docs/game-rules.md, guild perks). Every member sees the perks and
// what the next level costs; the leader and officers buy, after a confirmation, since the price leaves the
// economy for good. A levelled perk is bought by the level shown, so a second click buys nothing twice.
import type { BuyPerkBody, GuildDetail } from "@bot-arena/contract";
import {
  bannerPrice,
  GUILD_BANNER_COLORS,
  GUILD_BANNER_EMBLEMS,
  GUILD_SEAT_PRICES,
  GUILD_SEATS_PER_LEVEL,
  GUILD_WAR_DRILL_PERCENTS,
  maxMembersAt,
  messages,
  nextLevelPrice,
  warDrillPercent,
} from "@bot-arena/game";
import { Flag, Swords, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { useBuyPerk } from "./api";
import { GuildBanner } from "./GuildBanner";

type Purchase = { body: BuyPerkBody; title: string; price: number };

/** The next level of a levelled perk as a purchase, or null past its last level. */
const levelled = (
  perk: "seats" | "war_drill",
  level: number,
  price: number | null,
  name: string,
): Purchase | null =>
  price === null ? null : { body: { perk, level: level + 1 }, title: `${name}, level ${level + 1}`, price };

function PerkCard(props: {
  icon: ReactNode;
  title: string;
  now: string;
  next: string;
  children?: ReactNode;
}) {
  return (
    <Panel tone="neutral" className="h-full" role="region" aria-label={props.title}>
      <div className="flex h-full flex-col gap-3">
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-md border border-cyan/30 bg-cyan/10 text-cyan">
            {props.icon}
          </span>
          <h3 className="font-display text-base font-bold uppercase tracking-wider text-ink">
            {props.title}
          </h3>
        </div>
        <p className="text-sm text-ink">{props.now}</p>
        <p className="text-sm text-muted">{props.next}</p>
        <div className="mt-auto">{props.children}</div>
      </div>
    </Panel>
  );
}

export function PerksTab({ detail }: { detail: GuildDetail }) {
  const { guild } = detail;
  const { perks } = guild;
  const buy = useBuyPerk(guild.id);
  const [asking, setAsking] = useState<Purchase | null>(null);
  const [color, setColor] = useState<string>(perks.banner?.color ?? GUILD_BANNER_COLORS[0].name);
  const [emblem, setEmblem] = useState<string>(perks.banner?.emblem ?? GUILD_BANNER_EMBLEMS[0]);
  const buyer = detail.myRole === "leader" || detail.myRole === "officer";
  const disbanded = guild.disbandedAt !== null;

  const seatsPrice = nextLevelPrice("seats", perks.seatLevel);
  const drillPrice = nextLevelPrice("war_drill", perks.warDrillLevel);
  const bannerCost = bannerPrice(perks);

  /** The buy button of a perk, or why there is none. */
  const buyButton = (label: string, purchase: Purchase | null) => {
    if (!purchase) return <p className="text-sm font-semibold text-lime">Last level reached</p>;
    if (!buyer || disbanded) return null;
    const short = guild.bankBalance < purchase.price;
    return (
      <div className="space-y-1">
        <Button size="sm" disabled={short || buy.isPending} onClick={() => setAsking(purchase)}>
          {label} · {formatCoins(purchase.price)}
        </Button>
        {short && (
          <p className="text-sm text-danger">
            The bank holds {formatCoins(guild.bankBalance)} of {formatCoins(purchase.price)}
          </p>
        )}
      </div>
    );
  };

  const confirm = async () => {
    if (!asking) return;
    try {
      toast.success((await buy.mutateAsync(asking.body)).message);
      setAsking(null);
    } catch (error) {
      toast.error(errorMessage(error, "Purchase failed"));
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Perks are bought from the guild bank ({formatCoins(guild.bankBalance)} coins); the price leaves the
        economy. {buyer ? "As leader or officer you can buy them." : `${messages.onlyPerkBuyers}.`}
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        <PerkCard
          icon={<Users className="size-5" aria-hidden="true" />}
          title="Member seats"
          now={`Level ${perks.seatLevel} of ${GUILD_SEAT_PRICES.length}: ${guild.maxMembers} seats`}
          next={
            seatsPrice === null
              ? "Every seat level is bought."
              : `Next: +${GUILD_SEATS_PER_LEVEL} seats (${maxMembersAt(perks.seatLevel + 1)} in all).`
          }
        >
          {buyButton(
            `Buy level ${perks.seatLevel + 1}`,
            levelled("seats", perks.seatLevel, seatsPrice, "Member seats"),
          )}
        </PerkCard>
        <PerkCard
          icon={<Swords className="size-5" aria-hidden="true" />}
          title="War drill"
          now={
            perks.warDrillLevel === 0
              ? "Not drilled yet."
              : `Level ${perks.warDrillLevel}: war bots' stats +${warDrillPercent(perks.warDrillLevel)}% in war duels`
          }
          next={
            drillPrice === null
              ? `The drill is at its cap of ${GUILD_WAR_DRILL_PERCENTS.at(-1)}%.`
              : `Next: +${warDrillPercent(perks.warDrillLevel + 1)}% on each stat in war duels, rounded down.`
          }
        >
          {buyButton(
            `Buy level ${perks.warDrillLevel + 1}`,
            levelled("war_drill", perks.warDrillLevel, drillPrice, "War drill"),
          )}
        </PerkCard>
        <PerkCard
          icon={<Flag className="size-5" aria-hidden="true" />}
          title="Banner"
          now={
            perks.banner ? `Flying ${perks.banner.color} with a ${perks.banner.emblem}.` : "No banner yet."
          }
          next="Shown beside the tag on the guild page, its card and the war cards."
        >
          <div className="space-y-3">
            {perks.banner && <GuildBanner banner={perks.banner} className="size-8" />}
            {buyer && !disbanded && (
              <div className="grid grid-cols-2 gap-2">
                <label className="space-y-1 text-sm text-muted">
                  <span className="block font-semibold uppercase tracking-[0.14em]">Colour</span>
                  <select
                    className="w-full rounded-md border border-cyan/30 bg-void px-2 py-1.5 text-ink"
                    value={color}
                    onChange={(event) => setColor(event.target.value)}
                  >
                    {GUILD_BANNER_COLORS.map((c) => (
                      <option key={c.name}>{c.name}</option>
                    ))}
                  </select>
                </label>
                <label className="space-y-1 text-sm text-muted">
                  <span className="block font-semibold uppercase tracking-[0.14em]">Emblem</span>
                  <select
                    className="w-full rounded-md border border-cyan/30 bg-void px-2 py-1.5 capitalize text-ink"
                    value={emblem}
                    onChange={(event) => setEmblem(event.target.value)}
                  >
                    {GUILD_BANNER_EMBLEMS.map((e) => (
                      <option key={e}>{e}</option>
                    ))}
                  </select>
                </label>
              </div>
            )}
            {buyButton(perks.banner ? "Change banner" : "Raise banner", {
              body: { perk: "banner", color, emblem },
              title: `Banner: ${color} ${emblem}`,
              price: bannerCost,
            })}
          </div>
        </PerkCard>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
        title="Buy this perk?"
        description={
          asking
            ? `${asking.title} for ${formatCoins(asking.price)} coins from the guild bank. The coins are spent for good.`
            : ""
        }
        confirmLabel="Buy"
        busy={buy.isPending}
      />
    </div>
  );
}
