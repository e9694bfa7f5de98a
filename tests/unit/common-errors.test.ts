// errorMessage (common/errors.ts): the text every log line and error answer reports for a thrown value; asError: a
// thrown value as the Error that a rejection, a stream's destroy or a recorded failure carries.
import { describe, expect, it } from 'vitest';
import { asError, errorMessage } from '../../common/errors.ts';

class CodedError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

describe('errorMessage', () => {
  it.each<[string, unknown, string]>([
    ['an Error: its message', new Error('disk full'), 'disk full'],
    ['a subclass: its message, not its name', new RangeError('out of range'), 'out of range'],
    ['a class of ours', new CodedError('locked', 'SQLITE_BUSY'), 'locked'],
    ['an Error without a message: empty, not "Error"', new Error(), ''],
    ['a DOMException (an abort)', new DOMException('The operation was aborted.', 'AbortError'), 'The operation was aborted.'],
    ['a string: itself', 'connection refused', 'connection refused'],
    ['a number', 42, '42'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a plain object: as String() writes it', { message: 'not an Error' }, '[object Object]'],
    ['an object with its own toString', { toString: () => 'custom' }, 'custom'],
  ])('%s', (_name, thrown, expected) => {
    expect(errorMessage(thrown)).toBe(expected);
  });

  it('reads an AggregateError by its own message', () => {
    expect(errorMessage(new AggregateError([new Error('a'), new Error('b')], 'both failed'))).toBe('both failed');
  });
});

describe('asError', () => {
  it('an Error (a subclass too) is itself, not a copy: its stack and fields stay', () => {
    const coded = new CodedError('locked', 'SQLITE_BUSY');
    expect(asError(coded)).toBe(coded);
    const range = new RangeError('out of range');
    expect(asError(range)).toBe(range);
  });

  it.each<[string, unknown, string]>([
    ['a string', 'connection refused', 'connection refused'],
    ['a number', 42, '42'],
    ['undefined', undefined, 'undefined'],
    ['a plain object', { message: 'not an Error' }, '[object Object]'],
  ])('%s becomes an Error with the value as its message', (_name, thrown, message) => {
    const error = asError(thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
  });
});
