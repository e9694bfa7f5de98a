// Holders at the end of each day, worked back from the holders as they are now: pure, so it is tested on tables.

const ZERO = '0x0000000000000000000000000000000000000000';

/** A token transfer as the walk undoes it: amount in the holder's total (1 for an ERC-721 item). */
export interface HolderTransfer {
  block: number;
  day: number;
  token: string;
  from: string;
  to: string;
  amount: bigint;
}

/**
 * Undoes `transfers` (newest first, every one from the first block folded to the indexed head) from the current
 * `balances` ("token holder" → total) and holder `counts`, and notes, as each day's end is passed, the count of each
 * token `wanted` lists that day. Blocks above `last` are undone before any day is noted (they are not folded yet).
 * Balances and counts are changed in place.
 */
export function holdersByDay(
  transfers: readonly HolderTransfer[],
  balances: Map<string, bigint>,
  counts: Map<string, number>,
  last: number,
  wanted: ReadonlyMap<number, ReadonlyMap<string, number>>,
): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  const days = [...wanted.keys()].sort((a, b) => b - a);
  let next = 0;
  const note = (day: number): void => {
    const m = new Map<string, number>();
    for (const token of wanted.get(day)?.keys() ?? []) m.set(token, counts.get(token) ?? 0);
    out.set(day, m);
  };
  const move = (token: string, holder: string, delta: bigint): void => {
    if (holder === ZERO || delta === 0n) return;
    const k = `${token} ${holder}`;
    const before = balances.get(k) ?? 0n;
    const after = before + delta;
    balances.set(k, after);
    const change = (after > 0n ? 1 : 0) - (before > 0n ? 1 : 0);
    if (change !== 0) counts.set(token, (counts.get(token) ?? 0) + change);
  };
  for (const t of transfers) {
    if (t.block <= last) {
      while (next < days.length && (days[next] as number) >= t.day) note(days[next++] as number);
    }
    move(t.token, t.to, -t.amount);
    move(t.token, t.from, t.amount);
  }
  while (next < days.length) note(days[next++] as number);
  return out;
}
