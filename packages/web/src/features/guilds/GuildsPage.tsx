// /guilds: the player's own guild, founding one (100 coins) for a player without, and every live guild by power
// with a search on name or tag. Live: joins, donations and wars anywhere update the cards.
import { Plus, Search, Swords, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { Input } from "../../ui/Input";
import { PageHeader } from "../../ui/PageHeader";
import { guildRoute, useGuildList, useJoinGuild } from "./api";
import { CreateGuildDialog } from "./CreateGuildDialog";
import { GuildCard } from "./GuildCard";
import { MyGuildPanel } from "./MyGuildPanel";

export default function GuildsPage() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [creating, setCreating] = useState(false);
  // The list asks the server a quarter second after the last keystroke, not on every one.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search), 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const guilds = useGuildList(query);
  const join = useJoinGuild();
  const navigate = useNavigate();

  const onJoin = async (id: string) => {
    try {
      toast.success((await join.mutateAsync(id)).message);
      navigate(guildRoute(id));
    } catch (error) {
      toast.error(errorMessage(error, "Failed to join guild"));
    }
  };

  return (
    <ScreenQueryView query={guilds} loading="Loading guilds" title="Failed to load data">
      {({ guilds: list, myGuild }) => (
        <div className="space-y-6">
          <PageHeader
            title="Guilds"
            subtitle="Band together, fill the guild bank and fight in guild wars."
            icon={<Users className="size-6" />}
            actions={
              <div className="flex flex-wrap gap-2">
                <ButtonLink
                  to="/guild-wars"
                  variant="secondary"
                  icon={<Swords className="size-4" aria-hidden="true" />}
                >
                  Guild Wars
                </ButtonLink>
                {!myGuild && (
                  <Button
                    onClick={() => setCreating(true)}
                    icon={<Plus className="size-4" aria-hidden="true" />}
                  >
                    Create Guild (100 coins)
                  </Button>
                )}
              </div>
            }
          />

          {myGuild && <MyGuildPanel mine={myGuild} />}

          <div className="relative">
            <Search
              className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-cyan/70"
              aria-hidden="true"
            />
            <Input
              type="search"
              withIcon
              aria-label="Search guilds by name or tag"
              placeholder="Search guilds by name or tag"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>

          {list.length === 0 ? (
            <p className="py-10 text-center text-muted" role="status">
              {search.trim() ? "No guilds match your search." : "No guilds yet. Found the first one!"}
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((guild) => (
                <GuildCard
                  key={guild.id}
                  guild={guild}
                  canJoin={!myGuild}
                  joining={join.isPending && join.variables === guild.id}
                  onJoin={() => void onJoin(guild.id)}
                />
              ))}
            </div>
          )}

          <CreateGuildDialog
            open={creating}
            onOpenChange={setCreating}
            onCreated={(id) => navigate(guildRoute(id))}
          />
        </div>
      )}
    </ScreenQueryView>
  );
}
