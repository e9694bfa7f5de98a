// errorMessage (common/errors.ts): the text every log line and error answer reports for a thrown value.
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../common/errors.ts';

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
