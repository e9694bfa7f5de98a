import type { ZodType } from 'zod';

/** A request body read by its schema: the value the route works with, or what is wrong with it. */
export type CheckedBody<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Reads a POST body with its zod schema. Only the first problem is reported, as the routes always have: the schemas
 * list their fields in the order the routes checked them, and zod reports a body's problems in field order.
 */
export function checkBody<T>(schema: ZodType<T>, body: unknown): CheckedBody<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request body' };
}
