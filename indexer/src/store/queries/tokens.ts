import type { Queryable } from '../types.ts';

// Reads of token holdings: token_balances (migrations/001_init.sql; token_id '' holds a holder's total for the token,
// ERC-1155 per-id balances use the padded id; balances are padded decimals).

/** A holder's total balance of a token (padded decimal), if it holds any. */
export async function tokenBalance(db: Queryable, token: string, holder: string): Promise<string | undefined> {
  return (await db.one<{ balance: string }>("SELECT balance FROM token_balances WHERE token_address = ? AND holder = ? AND token_id = ''", token, holder))?.balance;
}
