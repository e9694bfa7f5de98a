// The OpenAPI 3.1 operations of the described routes, generated from their contracts with zod's JSON Schema output.
import * as z from 'zod';
import type { RouteContract } from './route.ts';

type Json = Record<string, unknown>;

/** What the generator adds to the document: its paths, and the named schemas they refer to. */
export interface GeneratedPaths {
  paths: Record<string, Record<string, Json>>;
  schemas: Record<string, Json>;
}

const COMPONENTS = '#/components/schemas/';

/** Leaves out the bounds zod gives every integer (JavaScript's safe range): they say nothing a reader needs. */
function dropSafeBounds(ctx: { jsonSchema: Json }): void {
  const s = ctx.jsonSchema;
  if (s['minimum'] === Number.MIN_SAFE_INTEGER && s['maximum'] === Number.MAX_SAFE_INTEGER) {
    delete s['minimum'];
    delete s['maximum'];
  }
}

/**
 * One zod schema as JSON Schema inside the document: the named schemas it uses (those with a meta id) are moved to
 * `schemas`, and every reference points there, so each is written once for the whole document.
 */
function toSchema(schema: z.ZodType, schemas: Record<string, Json>): Json {
  // What a client sends and what a handler answers are the schemas' inputs (an answer has no transform, and read as
  // output zod would add additionalProperties: false, a promise the API does not make).
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: dropSafeBounds }) as Json;
  delete json['$schema'];
  const defs = (json['$defs'] ?? {}) as Record<string, Json>;
  delete json['$defs'];
  const relink = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(relink);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, k === '$ref' && typeof x === 'string' ? x.replace('#/$defs/', COMPONENTS) : relink(x)]),
    );
  };
  for (const [name, def] of Object.entries(defs)) schemas[name] = relink(def) as Json;
  // A schema that is itself named comes back as a reference to its own definition.
  return relink(json) as Json;
}

/** The parameters of one place (path or query) from its object schema, each with its own schema and description. */
function parameters(where: 'path' | 'query', shape: z.ZodObject | undefined, schemas: Record<string, Json>): Json[] {
  if (!shape) return [];
  const json = toSchema(shape, schemas);
  const properties = (json['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const ERROR = { description: 'error', content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } };

/** One route's operation. */
function operation(c: RouteContract, schemas: Record<string, Json>): Json {
  const params = [...parameters('path', c.params, schemas), ...parameters('query', c.query, schemas)];
  const takesInput = c.badInput !== false && (params.length > 0 || c.body !== undefined);
  const answer = toSchema(c.answer, schemas);
  const mediaTypes = typeof c.mediaType === 'string' ? [c.mediaType] : (c.mediaType ?? ['application/json']);
  const responses: Record<string, Json> = {
    200: { description: 'OK', content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: answer }])) },
  };
  if (takesInput) responses[400] = ERROR;
  for (const status of c.errors ?? []) responses[status] = ERROR;
  if (c.notFound || c.path.includes('{')) responses[404] = ERROR;
  for (const [status, other] of Object.entries(c.otherAnswers ?? {})) {
    const { mediaType, answer } = 'mediaType' in other ? other : { mediaType: 'application/json', answer: other };
    responses[status] = { description: 'see the summary', content: { [mediaType]: { schema: toSchema(answer, schemas) } } };
  }
  return {
    summary: c.summary,
    ...(c.description ? { description: c.description } : {}),
    ...(c.extensions ?? {}),
    ...(params.length ? { parameters: params } : {}),
    ...(c.body ? { requestBody: { required: true, content: { [c.bodyMediaType ?? 'application/json']: { schema: toSchema(c.body, schemas) } } } } : {}),
    responses,
  };
}

/** The paths and named schemas of these routes' contracts. */
export function generatedPaths(contracts: readonly RouteContract[]): GeneratedPaths {
  const paths: GeneratedPaths['paths'] = {};
  const schemas: GeneratedPaths['schemas'] = {};
  for (const c of contracts) (paths[c.path] ??= {})[c.method.toLowerCase()] = operation(c, schemas);
  return { paths, schemas };
}
