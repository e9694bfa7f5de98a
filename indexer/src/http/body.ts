import * as z from 'zod';
import { HttpError } from './router.ts';

/** A request body read by its schema: the value the route works with, or what is wrong with it. */
type CheckedBody<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Reads a POST body with its zod schema. Only the first problem is reported, as the routes always have: the schemas
 * list their fields in the order the routes checked them, and zod reports a body's problems in field order.
 */
export function checkBody<T>(schema: z.ZodType<T>, body: unknown): CheckedBody<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request body' };
}

/** Reads a body with its schema, or throws its first problem as an HttpError (400 unless `status` names another). */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, status: (message: string) => number = () => 400): T {
  const checked = checkBody(schema, body);
  if (!checked.ok) throw new HttpError(status(checked.message), checked.message);
  return checked.value;
}

/** Whether a request body is a JSON object: not a list, a form (URLSearchParams), unreadable JSON or nothing. */
function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof URLSearchParams);
}

/**
 * The schema of a JSON object body with these fields; anything else is refused with `message`. The check comes first
 * as a preprocessing step, so that the JSON Schema of the body (OpenAPI, api/contract/) is the object's own.
 */
export function jsonObject<Shape extends z.ZodRawShape>(shape: Shape, message: string) {
  return z.preprocess((body, ctx) => {
    if (isJsonObject(body)) return body;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }, z.object(shape));
}
