// Player Management: grant coins (default 1000) or an equipment item (cheapest first) to a player by e-mail,
// always with a reason the player sees in their coin history; and a lookup by name or e-mail showing balances,
// bots, recent coin history and the pilot's PvP (rating, pairs, a boost flag), from which an e-mail can be taken
// into the grant forms. Each form has its own e-mail: typing one never changes the other's player; "Use this
// e-mail" fills both on purpose.
import { adminGrantMessages, DEFAULT_GRANT_AMOUNT, type PlayerLookupEntry } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { Coins, Gift, Search, Swords, UserRound } from "lucide-react";
import { type FormEvent, useDeferredValue, useState } from "react";
import { QueryView } from "../../app/QueryView";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { formatWhen } from "../../ui/dates";
import { Field } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { Spinner } from "../../ui/Spinner";
import { formatCoins, formatDelta } from "../bank/coins";
import { reasonLabel } from "../bank/ledgerReasons";
import { ratingLabel } from "../pilots/rating";
import { useShop } from "../shop/useShop";
import { SectionTitle, SelectField } from "./Field";
import { useOpsLog } from "./opsLog";
import { useGrantCoins, useGrantEquipment, usePlayers } from "./useAdmin";

type EmailProps = { email: string; setEmail: (email: string) => void };

/** A grant form's player e-mail (filled from the lookup too). */
function EmailField({ email, setEmail }: EmailProps) {
  return (
    <Field
      label="Player email"
      type="email"
      value={email}
      onChange={(e) => setEmail(e.target.value)}
      placeholder="pilot@example.com"
    />
  );
}

function GrantCoinsForm({ email, setEmail }: EmailProps) {
  const grant = useGrantCoins();
  const log = useOpsLog();
  const [amount, setAmount] = useState(String(DEFAULT_GRANT_AMOUNT));
  const [reason, setReason] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const coins = Number(amount);
    if (!email.trim()) return log.record("error", messages.enterPlayerEmail);
    if (!Number.isInteger(coins) || coins < 1) return log.record("error", messages.coinAmountPositive);
    if (!reason.trim()) return log.record("error", adminGrantMessages.enterReason);
    try {
      log.record(
        "success",
        (await grant.mutateAsync({ email: email.trim(), amount: coins, reason })).message,
        reason,
      );
      // The reason stays: grants come in batches (a contest's winners), each with the same one.
    } catch (error) {
      log.fail(error, adminGrantMessages.failedToGrantCoins);
    }
  };
  return (
    <Panel>
      <SectionTitle icon={<Coins />}>Grant Coins</SectionTitle>
      <form
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Grant coins"
      >
        <EmailField email={email} setEmail={setEmail} />
        <Field
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Field
          label="Reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Shown to the player in their coin history"
        />
        <Button type="submit" icon={<Coins className="size-4" />} busy={grant.isPending} className="w-full">
          Grant coins
        </Button>
      </form>
    </Panel>
  );
}

function GrantEquipmentForm({ email, setEmail }: EmailProps) {
  const grant = useGrantEquipment();
  const shop = useShop();
  const log = useOpsLog();
  const [equipmentId, setEquipmentId] = useState("");
  const [reason, setReason] = useState("");
  const items = [...(shop.data?.equipment ?? [])].sort((a, b) => a.price - b.price);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return log.record("error", messages.enterPlayerEmail);
    if (!equipmentId) return log.record("error", messages.selectEquipment);
    if (!reason.trim()) return log.record("error", adminGrantMessages.enterReason);
    try {
      log.record(
        "success",
        (await grant.mutateAsync({ email: email.trim(), equipmentId, reason })).message,
        reason,
      );
    } catch (error) {
      log.fail(error, adminGrantMessages.failedToGrantEquipment);
    }
  };
  return (
    <Panel tone="magenta">
      <SectionTitle icon={<Swords />}>Grant Equipment</SectionTitle>
      <form
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Grant equipment"
      >
        <EmailField email={email} setEmail={setEmail} />
        <SelectField
          label="Equipment"
          value={equipmentId}
          onChange={(e) => setEquipmentId(e.target.value)}
          className="[&_select]:normal-case"
        >
          <option value="">{shop.isPending ? "Loading equipment…" : "Select equipment"}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} · {item.rarity} · {formatCoins(item.price)} coins
            </option>
          ))}
        </SelectField>
        <Field
          label="Reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why this player gets it"
        />
        <Button
          type="submit"
          variant="secondary"
          icon={<Gift className="size-4" />}
          busy={grant.isPending}
          className="w-full"
        >
          Grant equipment
        </Button>
      </form>
    </Panel>
  );
}

function PlayerCard({ player, onUse }: { player: PlayerLookupEntry; onUse: () => void }) {
  return (
    <li className="rounded-lg border border-cyan/15 bg-deep/60 p-4" data-testid="player-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-display font-bold text-ink">
            <UserRound className="size-4 text-cyan" aria-hidden="true" />
            <span className="break-words">{player.username}</span>
            {player.isAdmin && <Badge tone="magenta">Admin</Badge>}
          </p>
          <p className="break-words text-sm text-muted">{player.email}</p>
        </div>
        <Button size="sm" variant="ghost" onClick={onUse}>
          Use this e-mail
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {[
          ["Wallet", formatCoins(player.coins)],
          ["Vault", formatCoins(player.vaultCoins)],
          ["Bots", String(player.bots.length)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-void/60 p-2">
            <dt className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">{label}</dt>
            <dd className="font-display font-bold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {player.bots.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${player.username}'s bots`}>
          {player.bots.map((bot) => (
            <li
              key={bot.id}
              className="flex items-center gap-1.5 rounded-md border border-cyan/10 px-2 py-1 text-xs"
            >
              <Badge tone={bot.rarity as BadgeTone}>{bot.rarity}</Badge>
              <span className="text-ink">{bot.name}</span>
              <span className="text-muted">Lv. {bot.level}</span>
              {bot.isActive && <Badge tone="success">Active</Badge>}
            </li>
          ))}
        </ul>
      )}
      <PvpSide player={player} />
      <ul className="mt-3 divide-y divide-cyan/10 text-sm" aria-label={`${player.username}'s recent coins`}>
        {player.recentCoins.map((move) => (
          <li key={move.id} className="flex items-center justify-between gap-3 py-1.5">
            <span className="break-words text-muted">
              {reasonLabel(move.reason)} · <span className="text-xs">{formatWhen(move.createdAt)}</span>
            </span>
            <span
              className={
                move.delta > 0 ? "font-bold tabular-nums text-lime" : "font-bold tabular-nums text-danger"
              }
            >
              {formatDelta(move.delta)}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The pilot's PvP side: rating, record, a boost flag's reason, and whom it fought. */
function PvpSide({ player }: { player: PlayerLookupEntry }) {
  const { pvp } = player;
  return (
    <section className="mt-3 rounded-md border border-cyan/10 p-3" aria-label={`${player.username}'s PvP`}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-ink">
          PvP {ratingLabel(pvp.rating, pvp.provisional)} · {pvp.record.wins}W/{pvp.record.losses}L
        </span>
        {pvp.boostFlag && <Badge tone="danger">Boost flag</Badge>}
      </p>
      {pvp.boostFlag && (
        <p className="mt-2 text-sm text-danger" data-testid="boost-flag">
          {pvp.boostFlag}
        </p>
      )}
      {pvp.pairs.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2 text-xs" aria-label={`${player.username}'s PvP pairs`}>
          {pvp.pairs.map((pair) => (
            <li key={pair.opponent} className="rounded-md border border-cyan/10 px-2 py-1">
              <span className="wrap-anywhere text-ink">{pair.opponent}</span>{" "}
              <span className="text-muted">
                {pair.wins}W/{pair.losses}L
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlayerLookup({ onUse }: { onUse: (email: string) => void }) {
  const [q, setQ] = useState("");
  const query = useDeferredValue(q.trim());
  const players = usePlayers(query);
  return (
    <Panel tone="neutral">
      <SectionTitle icon={<Search />}>Find a Player</SectionTitle>
      <Field
        label="Name or e-mail"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        icon={<Search className="size-4" />}
        placeholder="Search players"
      />
      <div className="mt-4">
        {!query ? (
          <p className="text-sm text-muted">
            Type part of a name or an e-mail to see balances, bots and coin history.
          </p>
        ) : (
          <QueryView
            query={players}
            pending={<Spinner label="Searching" />}
            failed={<p className="text-sm text-danger">Failed to load data</p>}
          >
            {({ players: found }) =>
              found.length === 0 ? (
                <p className="text-sm text-muted">No player matches "{query}".</p>
              ) : (
                <ul className="space-y-3">
                  {found.map((player) => (
                    <PlayerCard key={player.id} player={player} onUse={() => onUse(player.email)} />
                  ))}
                </ul>
              )
            }
          </QueryView>
        )}
      </div>
    </Panel>
  );
}

export function PlayersTab() {
  const [coinsEmail, setCoinsEmail] = useState("");
  const [equipmentEmail, setEquipmentEmail] = useState("");
  const takeEmail = (email: string) => {
    setCoinsEmail(email);
    setEquipmentEmail(email);
  };
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_1fr]">
      <div className="space-y-6">
        <GrantCoinsForm email={coinsEmail} setEmail={setCoinsEmail} />
        <GrantEquipmentForm email={equipmentEmail} setEmail={setEquipmentEmail} />
      </div>
      <PlayerLookup onUse={takeEmail} />
    </div>
  );
}
