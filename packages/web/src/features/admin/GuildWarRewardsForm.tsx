// The admin's 'Guild War Rewards': the three place rewards (1st, 2nd, 3rd) the house pays into the winners'
// banks, loaded from the server and saved for the wars that open from now on (a war already open keeps its own).
// The server judges the numbers: its refusal is shown under the form and in the panel's log.
import type { GuildWarRewardsBody } from "@bot-arena/contract";
import { Save, Swords } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ApiError, errorMessage } from "../../app/api";
import { QueryView } from "../../app/QueryView";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { SpinnerArea } from "../../ui/Spinner";
import { SectionTitle } from "./Field";
import { useOpsLog } from "./opsLog";
import { useGuildWarRewards, useSetGuildWarRewards } from "./useAdmin";

type Place = keyof GuildWarRewardsBody;
const places: { key: Place; label: string }[] = [
  { key: "first", label: "1st place" },
  { key: "second", label: "2nd place" },
  { key: "third", label: "3rd place" },
];
const FAILED = "Failed to save the guild war rewards";

/** A blank goes as null (JSON has no NaN), so the server refuses it in its own words like any bad number. */
const coinsOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

function RewardsForm({ saved }: { saved: GuildWarRewardsBody }) {
  const save = useSetGuildWarRewards();
  const log = useOpsLog();
  const [text, setText] = useState<Record<Place, string>>({
    first: String(saved.first),
    second: String(saved.second),
    third: String(saved.third),
  });
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await save.mutateAsync({
        first: coinsOf(text.first),
        second: coinsOf(text.second),
        third: coinsOf(text.third),
      });
      setRefusal(null);
      log.record("success", answer.message);
    } catch (error) {
      setRefusal({
        message: errorMessage(error, FAILED),
        fields: error instanceof ApiError ? (error.fields ?? {}) : {},
      });
      log.fail(error, FAILED);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Guild war rewards">
      <div className="grid grid-cols-3 gap-3 lg:grid-cols-[repeat(3,minmax(0,12rem))_auto] lg:items-start">
        {places.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={text[key]}
            onChange={(event) => setText((current) => ({ ...current, [key]: event.target.value }))}
            error={refusal?.fields[key]}
          />
        ))}
        <Button
          type="submit"
          busy={save.isPending}
          className="col-span-3 lg:col-span-1 lg:mt-7 lg:justify-self-start"
          icon={<Save className="size-4" aria-hidden="true" />}
        >
          Save rewards
        </Button>
      </div>
      {refusal && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger" data-testid="rewards-refusal">
          {refusal.message}
        </p>
      )}
    </form>
  );
}

export function GuildWarRewardsForm() {
  const rewards = useGuildWarRewards();
  return (
    <Panel tone="magenta" data-testid="guild-war-rewards">
      <SectionTitle icon={<Swords />}>Guild War Rewards</SectionTitle>
      <p className="mb-4 text-sm text-muted">
        A guild war costs the guilds nothing: the house pays these rewards into the banks of the top three.
        New values apply to the wars that open from now on; a war already open keeps its own.
      </p>
      <QueryView
        query={rewards}
        pending={<SpinnerArea className="py-4" label="Loading guild war rewards" />}
        failed={(error) => (
          <p className="text-danger">{errorMessage(error, "Failed to load the guild war rewards")}</p>
        )}
      >
        {({ rewards: saved }) => (
          // A fresh form for every saved set, so the fields always start from what the server holds.
          <RewardsForm key={`${saved.first}/${saved.second}/${saved.third}`} saved={saved} />
        )}
      </QueryView>
    </Panel>
  );
}
