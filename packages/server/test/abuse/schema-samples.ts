// Values built from a route's zod schema (through zod's JSON Schema export): one valid sample, and the
// hostile variants a fuzzer throws at each field — missing, wrong type, huge, negative, fractional, unicode.
import { randomUUID } from "node:crypto";
import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  default?: unknown;
  items?: JsonSchema;
};

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

function firstType(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  return type;
}

/** A value the schema most likely accepts; callers check with safeParse and patch what it cannot guess. */
export function validSample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return validSample(option);
  switch (firstType(schema)) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validSample(v)]));
    case "string": {
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "email") return `fuzz${randomUUID().slice(0, 8)}@arena.test`;
      const length = Math.min(Math.max(schema.minLength ?? 0, 8), schema.maxLength ?? 8);
      return "Fuzzbot1".padEnd(length, "x").slice(0, length);
    }
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "array":
      return [];
    default:
      return null;
  }
}

/** Values of every kind that a careless server might choke on. */
export const hostileValues: [string, unknown][] = [
  ["null", null],
  ["true", true],
  ["zero", 0],
  ["negative", -1],
  ["fraction", 1.5],
  ["negative fraction", -0.5],
  ["huge number", 1e308],
  ["unsafe integer", 2 ** 53 + 1],
  ["beyond int4", 2 ** 31],
  ["empty string", ""],
  ["blank", "   "],
  ["long string", "a".repeat(10_000)],
  ["emoji", "🤖💥".repeat(40)],
  ["NUL byte", "bot\u0000name"],
  ["control and bidi", "\u202e\u200b\u0007bot"],
  ["lone surrogate", "\ud800bot"],
  ["SQL", "'; drop table bots; --"],
  ["markup", "<script>alert(1)</script>"],
  ["number as text", "100"],
  ["NaN text", "NaN"],
  ["array", [1, 2]],
  ["object", { $gt: "" }],
  ["unknown uuid", "00000000-0000-4000-8000-000000000000"],
  ["not a uuid", "not-a-uuid"],
];

export type Variant = { label: string; body: unknown };

/** Each field of `valid` missing, then each field swapped for each hostile value, then whole-body oddities. */
export function bodyVariants(valid: Record<string, unknown>): Variant[] {
  const variants: Variant[] = [
    { label: "no body", body: undefined },
    { label: "empty object", body: {} },
    { label: "array body", body: [valid] },
    { label: "extra fields", body: { ...valid, isAdmin: true, userId: randomUUID(), coins: 1e9 } },
  ];
  for (const field of Object.keys(valid)) {
    const { [field]: _, ...rest } = valid;
    variants.push({ label: `${field} missing`, body: rest });
    for (const [label, value] of hostileValues) {
      variants.push({ label: `${field} = ${label}`, body: { ...valid, [field]: value } });
    }
  }
  return variants;
}

/** Path parameters that are not what the route expects. */
export const hostileIds: [string, string][] = [
  ["not a uuid", "not-a-uuid"],
  ["number", "1"],
  ["negative", "-1"],
  ["SQL", "' or 1=1 --"],
  ["NUL byte", "\u0000"],
  ["long", "a".repeat(500)],
  ["unicode", "ボット🤖"],
  ["unknown uuid", randomUUID()],
  ["nil uuid", "00000000-0000-0000-0000-000000000000"],
  ["upper-case uuid", randomUUID().toUpperCase()],
  ["dot dot", ".."],
];

/** Query strings with repeated, missing and hostile values for each property. */
export function queryVariants(schema: JsonSchema): string[] {
  const names = Object.keys(schema.properties ?? {});
  const values = ["", "-1", "1.5", "1e308", "abc", "' or 1=1", "%00", "🤖", "a".repeat(2_000)];
  const queries = [""];
  for (const name of names) {
    for (const value of values) queries.push(`${name}=${encodeURIComponent(value)}`);
    queries.push(`${name}=1&${name}=2`, `${name}[]=1`, `${name}[$gt]=`);
  }
  return queries;
}
