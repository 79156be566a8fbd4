// The 'Create Guild (100 coins)' dialog: name (max 30), tag (max 5, shown in brackets) and an optional
// description. The rulebook checks the form first and its message shows under the field it is about (a blank
// name or tag: 'Name and tag are required'), checked again at every keystroke once the player has tried to
// submit, so it goes as soon as the input is right; the server decides and its refusal is toasted.
import {
  GUILD_DESCRIPTION_MAX,
  GUILD_NAME_MAX,
  GUILD_TAG_MAX,
  messages,
  validateGuildCreation,
} from "@bot-arena/game";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Input";
import { useCreateGuild } from "./api";

export function CreateGuildDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (guildId: string) => void;
}) {
  const create = useCreateGuild();
  const [name, setName] = useState("");
  const [tag, setTag] = useState("");
  const [description, setDescription] = useState("");
  const [tried, setTried] = useState(false);

  const valid = validateGuildCreation({ name, tag, description });
  const problem = tried && !valid.ok ? valid.message : undefined;
  const required = problem === messages.guildNameAndTagRequired;
  const nameError = required && name.trim() === "" ? problem : undefined;
  const tagError = required && tag.trim() === "" ? problem : undefined;
  // Any other rule (a name's characters or length, the description's length) is said under the form.
  const formError = problem && !required ? problem : undefined;

  const openChange = (next: boolean) => {
    if (!next) setTried(false);
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid.ok) return;
    try {
      const result = await create.mutateAsync(valid.value);
      toast.success(result.message);
      setName("");
      setTag("");
      setDescription("");
      openChange(false);
      onCreated(result.guild.id);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create guild"));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={openChange}
      title="Create Guild"
      description="Founding a guild costs 100 coins. You lead it."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Guild name"
          value={name}
          maxLength={GUILD_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          hint={`${name.length}/${GUILD_NAME_MAX} characters`}
          placeholder="Iron Vanguard"
          autoFocus
        />
        <Field
          label="Tag"
          value={tag}
          maxLength={GUILD_TAG_MAX}
          onChange={(event) => setTag(event.target.value.toUpperCase())}
          error={tagError}
          hint={
            tag.trim() ? `Shown as [${tag.trim()}]` : `Up to ${GUILD_TAG_MAX} characters, shown in brackets`
          }
          placeholder="IRON"
        />
        <div className="space-y-1.5">
          <label
            htmlFor="guild-description"
            className="block text-sm font-semibold uppercase tracking-[0.14em] text-muted"
          >
            Description (optional)
          </label>
          <textarea
            id="guild-description"
            value={description}
            maxLength={GUILD_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            className="w-full rounded-md border border-cyan/25 bg-void/70 p-3 text-base text-ink placeholder:text-muted/60 hover:border-cyan/50 focus:border-cyan focus:outline-none"
            placeholder="What your guild fights for"
          />
        </div>
        {formError && (
          <p role="alert" className="text-sm font-semibold text-danger" data-testid="guild-form-error">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => openChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create Guild (100 coins)
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
