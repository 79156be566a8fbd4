// Fills the confusable skeletons of usernames, guild names and tags stored before the name rules (migration 0011
// adds the columns empty: the skeleton is computed by the rulebook's `nameSkeleton`, with Unicode's look-alike
// table, which SQL does not have). Runs at every start under the start-up lock, like the seeds, and only reads
// rows whose skeleton is still null, so after the first start it reads almost nothing.
//
// No name is ever renamed. When two names stored before the rule look alike, the older row (by created_at, then
// id) keeps the skeleton and the newer keeps null (a unique index ignores nulls); every start names such rows in
// a warning, until an operator resolves them (docs/game-rules.md, "Names"). The skeleton the older row holds
// still keeps anyone new from taking a third look-alike.
import { nameSkeleton } from "@bot-arena/game";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";
import { isUniqueViolation } from "../db/pg-error";
import type { SeedStep } from "./index";

/** Two names stored before the rule that look alike: `name` keeps a null skeleton, `holder` keeps it. */
export type NameClash = {
  kind: "username" | "guild name" | "guild tag";
  id: string;
  name: string;
  holderId: string;
  holderName: string;
};

type Target = {
  kind: NameClash["kind"];
  table: string;
  name: string;
  skeleton: string;
  /** Which rows the unique index covers (guilds: live ones). */
  covered: string;
};

const targets: readonly Target[] = [
  { kind: "username", table: "profiles", name: "username", skeleton: "username_skeleton", covered: "true" },
  {
    kind: "guild name",
    table: "guilds",
    name: "name",
    skeleton: "name_skeleton",
    covered: "disbanded_at is null",
  },
  {
    kind: "guild tag",
    table: "guilds",
    name: "tag",
    skeleton: "tag_skeleton",
    covered: "disbanded_at is null",
  },
];

const BATCH = 500;

type Pending = { id: string; name: string; covered: boolean };

/** Fills every null skeleton it can; returns the rows left null because an older look-alike holds theirs. */
export async function fillNameSkeletons(db: Db): Promise<NameClash[]> {
  const clashes: NameClash[] = [];
  for (const target of targets) clashes.push(...(await fillTarget(db, target)));
  return clashes;
}

async function fillTarget(db: Db, target: Target): Promise<NameClash[]> {
  const table = sql.raw(`"${target.table}"`);
  const name = sql.raw(`"${target.name}"`);
  const skeleton = sql.raw(`"${target.skeleton}"`);
  const covered = sql.raw(target.covered);
  const pending = rowsOf<Pending>(
    await db.execute(
      sql`select id::text as id, ${name} as name, (${covered}) as covered from ${table}
          where ${skeleton} is null order by created_at, id`,
    ),
  );
  const clashes: NameClash[] = [];
  for (let start = 0; start < pending.length; start += BATCH) {
    const rows = pending
      .slice(start, start + BATCH)
      .map((row) => ({ ...row, skeleton: nameSkeleton(row.name) }));
    // Who already holds these skeletons among the rows the index covers.
    const holders = new Map<string, { id: string; name: string }>();
    const wanted = [...new Set(rows.filter((row) => row.covered).map((row) => row.skeleton))];
    if (wanted.length > 0) {
      const held = rowsOf<{ id: string; name: string; skeleton: string }>(
        await db.execute(
          sql`select id::text as id, ${name} as name, ${skeleton} as skeleton from ${table}
              where (${covered}) and ${skeleton} in (${sql.join(
                wanted.map((value) => sql`${value}`),
                sql`, `,
              )})`,
        ),
      );
      for (const row of held) holders.set(row.skeleton, { id: row.id, name: row.name });
    }
    const fill: typeof rows = [];
    for (const row of rows) {
      const holder = row.covered ? holders.get(row.skeleton) : undefined;
      if (holder) {
        clashes.push({
          kind: target.kind,
          id: row.id,
          name: row.name,
          holderId: holder.id,
          holderName: holder.name,
        });
        continue;
      }
      if (row.covered) holders.set(row.skeleton, { id: row.id, name: row.name });
      fill.push(row);
    }
    if (fill.length === 0) continue;
    const update = (values: SQL) =>
      db.execute(
        sql`update ${table} set ${skeleton} = v.skeleton from (values ${values}) as v(id, skeleton)
            where ${table}.id = v.id::uuid and ${table}.${skeleton} is null`,
      );
    try {
      await update(
        sql.join(
          fill.map((row) => sql`(${row.id}, ${row.skeleton})`),
          sql`, `,
        ),
      );
    } catch (error) {
      // A server still running took one of these skeletons meanwhile (a sign-up): one row at a time.
      if (!isUniqueViolation(error)) throw error;
      for (const row of fill) {
        await update(sql`(${row.id}, ${row.skeleton})`).catch((rowError: unknown) => {
          if (!isUniqueViolation(rowError)) throw rowError;
          clashes.push({
            kind: target.kind,
            id: row.id,
            name: row.name,
            holderId: "",
            holderName: "(taken meanwhile)",
          });
        });
      }
    }
  }
  return clashes;
}

export const nameSkeletonsStep: SeedStep = {
  name: "name_skeletons",
  async run({ db, log }) {
    const clashes = await fillNameSkeletons(db);
    if (clashes.length === 0) return;
    const warn = log.warn ?? log.info;
    warn.call(
      log,
      { clashes },
      `${clashes.length} name(s) stored before the name rules look like an older one and have no skeleton: ` +
        "resolve them by hand (docs/game-rules.md, Names)",
    );
  },
};
