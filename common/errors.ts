// The text of a thrown value, for logs and error answers. Anything can be thrown (a string, a number, a rejected
// promise's reason), so code that reports a failure reads it through errorMessage rather than `err.message`.

/** The message of a thrown value: an Error's message (its subclasses' too), anything else as String() writes it. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A thrown value as an Error: itself when it is one, else an Error whose message is the value as String() writes it. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
