// The 'Create Guild (100 coins)' dialog: name (max 30), tag (max 5, shown in brackets) and an optional
// description. The rulebook checks the form first; the server decides and its refusal is toasted.
import { GUILD_DESCRIPTION_MAX, GUILD_NAME_MAX, GUILD_TAG_MAX, validateGuildCreation } from "@bot-arena/game";
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = validateGuildCreation({ name, tag, description });
    if (!valid.ok) {
      toast.error(valid.message);
      return;
    }
    try {
      const result = await create.mutateAsync(valid.value);
      toast.success(result.message);
      setName("");
      setTag("");
      setDescription("");
      onOpenChange(false);
      onCreated(result.guild.id);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create guild"));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Guild"
      description="Founding a guild costs 100 coins. You lead it."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Guild name"
          value={name}
          maxLength={GUILD_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          hint={`${name.length}/${GUILD_NAME_MAX} characters`}
          placeholder="Iron Vanguard"
          autoFocus
        />
        <Field
          label="Tag"
          value={tag}
          maxLength={GUILD_TAG_MAX}
          onChange={(event) => setTag(event.target.value.toUpperCase())}
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
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
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
