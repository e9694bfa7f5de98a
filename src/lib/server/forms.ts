// Form posts to the site's pages (the token admin, the theme toggle, verification without JavaScript), read as zod reads
// JSON bodies in the indexer: each form has a schema whose messages are the ones its page shows, and a body that is
// no form is refused with a 4xx by the page, never a 500.
import * as z from 'zod';

/** A checked form: its values, or the first problem's message (fields are listed in the order they are checked). */
type CheckedForm<T> = { ok: true; value: T } | { ok: false; message: string };

/** A form's fields by name, each name's first value (text or a File), as FormData.get reads them. */
export function formFields(form: FormData): Record<string, FormDataEntryValue> {
  const fields = Object.create(null) as Record<string, FormDataEntryValue>;
  for (const [name, value] of form) if (!(name in fields)) fields[name] = value;
  return fields;
}

/** Reads a form (or its fields already read) with its schema; only the first problem is reported. */
export function checkForm<T>(schema: z.ZodType<T>, form: FormData | Record<string, unknown>): CheckedForm<T> {
  const result = schema.safeParse(form instanceof FormData ? formFields(form) : form);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid form' };
}

/** A text field as typed: '' when absent or a file. */
export const textField = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v : ''));

/** The form a request carries, or null when its body is not one (another type, or a broken body). */
export async function requestForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
