// Names stored before the names rule refused what draws nothing or a box (issue 43: the Braille blank, private-use
// and unassigned code points, blank.ts in the rulebook) are reported at every start, never renamed: the same way
// as look-alike pairs (name-skeletons.ts), for an operator to resolve by hand (docs/game-rules.md, "Names"). The
// skeleton already drops those characters, so no new name can copy one of these; what is left is the stored
// name itself, which may sit beside the live name it copies.
//
// Runs under the start-up lock like the other seeds. Only names with a character outside printable ASCII are
// read (`~ '[^ -~]'`, evaluated by the database), and the rule is the rulebook's, in JavaScript: PostgreSQL's
// regular expressions know no Unicode properties.
import { blankCharactersIn } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";
import type { SeedStep } from "./index";

/** One stored name the rule now refuses. */
export type NameBreak = {
  kind: "username" | "guild name" | "guild tag" | "bot name";
  id: string;
  name: string;
  /** The characters the rule refuses, as U+XXXX, so the log shows what the name hides. */
  characters: string[];
};

const sources = [
  { kind: "username", query: sql`select id::text as id, username as name from profiles` },
  { kind: "guild name", query: sql`select id::text as id, name from guilds where disbanded_at is null` },
  {
    kind: "guild tag",
    query: sql`select id::text as id, tag as name from guilds where disbanded_at is null`,
  },
  { kind: "bot name", query: sql`select id::text as id, name from bots` },
] as const;

/** At most this many are named in the warning; the count is always whole. */
const NAMED_IN_LOG = 100;

/** Every live name that breaks the rule: usernames, guild names, tags, bot names, each by id. */
export async function findNameBreaks(db: Db): Promise<NameBreak[]> {
  const breaks: NameBreak[] = [];
  for (const source of sources) {
    const rows = rowsOf<{ id: string; name: string }>(
      await db.execute(
        sql`select id, name from (${source.query}) as names where name ~ '[^ -~]' order by id`,
      ),
    );
    for (const row of rows) {
      const characters = blankCharactersIn(row.name);
      if (characters.length > 0) breaks.push({ kind: source.kind, id: row.id, name: row.name, characters });
    }
  }
  return breaks;
}

export const nameRuleReportStep: SeedStep = {
  name: "name_rule_report",
  async run({ db, log }) {
    const breaks = await findNameBreaks(db);
    if (breaks.length === 0) return;
    const warn = log.warn ?? log.info;
    warn.call(
      log,
      { names: breaks.slice(0, NAMED_IN_LOG) },
      `${breaks.length} name(s) stored before the names rule hold characters that draw nothing or a box: ` +
        "resolve them by hand (docs/game-rules.md, Names)",
    );
  },
};
