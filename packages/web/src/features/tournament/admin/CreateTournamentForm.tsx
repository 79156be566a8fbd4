// The admin's 'Create Tournament' form: name, format (single elimination by default, double elimination, round
// robin, Swiss with its rounds), entry fee mode (players pay 150 into the pool, or the house funds fixed
// rewards), the three rewards (admin mode, 1000/500/250 by default), spectators (on by default), the player
// limits, how long registration and each round last (the server's configured lengths until the admin types
// others), and an optional repeat.
import type { TournamentDefaults } from "@bot-arena/contract";
import {
  messages,
  ROUND_ROBIN_MAX_ENTRANTS,
  TOURNAMENT_ENTRY_FEE,
  TOURNAMENT_MIN_PLAYERS,
  TOURNAMENT_PLAYERS_LIMIT,
} from "@bot-arena/game";
import { Trophy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Input";
import { Panel } from "../../../ui/Panel";
import { FORMAT_OPTIONS } from "../formats";
import { bodyOf, type Form, initialForm as initial } from "./createBody";
import { useReport } from "./report";
import { useCreateTournament } from "./useAdminTournaments";

const labelClass = "block text-sm font-semibold uppercase tracking-[0.14em] text-muted";
const selectClass =
  "h-12 w-full cursor-pointer rounded-md border border-cyan/25 bg-void/70 px-3 text-base font-medium text-ink transition hover:border-cyan/50 focus:border-cyan focus:outline-none";

const formatHints: Record<Form["format"], string> = {
  single_elimination: "The bracket: one defeat and out, a 3rd-place match beside the final.",
  double_elimination: "Two lives: a first defeat drops to the losers' bracket; a grand final decides.",
  round_robin: `Everyone meets everyone once (at most ${ROUND_ROBIN_MAX_ENTRANTS} players); the table decides.`,
  swiss: "Each round pairs players with equal scores, nobody twice; the table decides.",
};

/** `defaults`: the server's configured lengths (from the admin list), shown in the untouched duration fields. */
export function CreateTournamentForm({ defaults }: { defaults: TournamentDefaults | undefined }) {
  const [form, setForm] = useState<Form>(initial);
  const create = useCreateTournament();
  const report = useReport();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form) => ({
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });
  const duration = (key: keyof TournamentDefaults) => ({
    value: form[key] ?? (defaults ? String(defaults[key]) : ""),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.name.trim() === "") {
      report.refuse(messages.tournamentNameRequired);
      return;
    }
    try {
      const result = await create.mutateAsync(bodyOf(form));
      report.success(result.message);
      setForm(initial);
    } catch (error) {
      report.fail(error);
    }
  };

  return (
    <Panel>
      <form onSubmit={submit} className="space-y-5" noValidate aria-label="Create tournament">
        <h2 className="flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
          <Trophy className="size-5 text-amber" aria-hidden="true" />
          Create Tournament
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Tournament name" placeholder="Neon Grand Prix" maxLength={50} {...text("name")} />
          <div className="space-y-1.5">
            <label htmlFor="tournament-fee-mode" className={labelClass}>
              Entry fee mode
            </label>
            <select
              id="tournament-fee-mode"
              className={selectClass}
              value={form.entryFeeMode}
              onChange={(event) => set("entryFeeMode", event.target.value as Form["entryFeeMode"])}
            >
              <option value="admin">Admin-funded (free entry, fixed rewards)</option>
              <option value="player">Player-paid ({TOURNAMENT_ENTRY_FEE} coins, 60/20/10 of the pool)</option>
            </select>
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor="tournament-format" className={labelClass}>
              Format
            </label>
            <select
              id="tournament-format"
              className={selectClass}
              value={form.format}
              aria-describedby="tournament-format-hint"
              onChange={(event) => set("format", event.target.value as Form["format"])}
            >
              {FORMAT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <p id="tournament-format-hint" className="text-sm text-muted">
              {formatHints[form.format]}
            </p>
          </div>
          {form.format === "swiss" && (
            <Field
              label="Swiss rounds"
              type="number"
              min={1}
              inputMode="numeric"
              placeholder="Automatic"
              hint="Blank: enough rounds for one unbeaten player (log2 of the players, rounded up)"
              {...text("swissRounds")}
            />
          )}
        </div>
        {form.entryFeeMode === "admin" ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="1st place reward" type="number" min={0} inputMode="numeric" {...text("first")} />
            <Field label="2nd place reward" type="number" min={0} inputMode="numeric" {...text("second")} />
            <Field label="3rd place reward" type="number" min={0} inputMode="numeric" {...text("third")} />
          </div>
        ) : (
          <p className="text-sm text-muted">
            Players pay {TOURNAMENT_ENTRY_FEE} coins into the pool: 1st 60%, 2nd 20%, 3rd 10%, the house keeps
            the rest.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Field
            label="Min players"
            type="number"
            min={TOURNAMENT_MIN_PLAYERS}
            max={TOURNAMENT_PLAYERS_LIMIT}
            {...text("minPlayers")}
          />
          <Field
            label="Max players"
            type="number"
            min={TOURNAMENT_MIN_PLAYERS}
            max={TOURNAMENT_PLAYERS_LIMIT}
            {...text("maxPlayers")}
          />
          <Field label="Registration (minutes)" type="number" min={1} {...duration("registrationMinutes")} />
          <Field label="Seconds per round" type="number" min={1} {...duration("roundSeconds")} />
          <Field
            label="Repeat every (hours)"
            type="number"
            min={1}
            placeholder="Once"
            hint="Blank: no repeat"
            {...text("repeatEveryHours")}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <label className="flex cursor-pointer items-center gap-3 text-sm font-semibold text-ink">
            <input
              type="checkbox"
              className="size-5 cursor-pointer accent-cyan"
              checked={form.spectatorEnabled}
              onChange={(event) => set("spectatorEnabled", event.target.checked)}
            />
            Spectators may watch live matches
          </label>
          <Button
            type="submit"
            busy={create.isPending}
            icon={<Trophy className="size-4" aria-hidden="true" />}
          >
            Create Tournament
          </Button>
        </div>
      </form>
    </Panel>
  );
}
