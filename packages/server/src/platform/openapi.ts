// OpenAPI 3.1 document generated from the contract's route registry with zod's own JSON Schema export.
import { errorBody, idempotencyKeyPattern, type RouteSpec } from "@bot-arena/contract";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/** Query and path schemas become one OpenAPI parameter per property. */
function parameters(schema: z.ZodType | undefined, where: "query" | "path") {
  if (!schema) return [];
  const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** A player's state change may carry a key (platform/idempotency/); public routes ignore it. */
const takesIdempotencyKey = (spec: RouteSpec) => spec.auth !== "none" && spec.method !== "GET";

const replayedHeader = {
  description: `"true" when this is the stored answer of an earlier request with the same Idempotency-Key`,
  schema: { type: "string", enum: ["true"] },
};

const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes this state change act at most once: a repeat with the same key, by the same player, with the same " +
    "method, path and body, answers the first answer again (status and body, with `Idempotent-Replayed: true`) " +
    "without acting; the same key with another path or body is refused with 422 IDEMPOTENCY_KEY_REUSED. A " +
    "repeat while the first is still running waits for it, then answers 409 IDEMPOTENCY_IN_PROGRESS if it has " +
    "not finished; 409 ALREADY_DONE means the action was done but its answer was lost. Refusals that changed " +
    "nothing are not kept (the repeat is judged anew), nor are 5xx answers: retry a 503 or a lost connection " +
    "with the same key. Keys are kept 24 hours. A malformed key is refused with 400 IDEMPOTENCY_KEY_INVALID.",
  schema: { type: "string", pattern: idempotencyKeyPattern.source, minLength: 1, maxLength: 64 },
};

export function buildOpenApi(registry: Record<string, RouteSpec>) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: "Error",
    content: { "application/json": { schema: toSchema(errorBody, "output") } },
  };
  for (const [operationId, spec] of Object.entries(registry)) {
    const path = spec.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][spec.method.toLowerCase()] = {
      operationId,
      summary: spec.summary,
      ...(spec.auth !== "none" && { security: [{ session: [] }], "x-auth": spec.auth }),
      parameters: [
        ...parameters(spec.params, "path"),
        ...parameters(spec.query, "query"),
        ...(takesIdempotencyKey(spec) ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
      ],
      ...(spec.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(spec.body, "input") } },
        },
      }),
      responses: {
        "2XX": {
          description: "OK",
          content: { "application/json": { schema: toSchema(spec.response, "output") } },
          ...(takesIdempotencyKey(spec) && { headers: { "Idempotent-Replayed": replayedHeader } }),
        },
        default: errorResponse,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Bot Arena API",
      version: "1",
      description:
        "JSON over HTTP; the session is the httpOnly ba_session cookie. Live events: WebSocket /api/live.",
    },
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "ba_session" } },
      parameters: { IdempotencyKey: idempotencyKey },
    },
    paths,
  };
}
