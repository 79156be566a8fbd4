// OpenAPI 3.1 document generated from the contract's route registry with zod's own JSON Schema export.
import { errorBody, type RouteSpec } from "@bot-arena/contract";
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
      parameters: [...parameters(spec.params, "path"), ...parameters(spec.query, "query")],
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
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "ba_session" } } },
    paths,
  };
}
