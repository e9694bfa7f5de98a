import { createTtlCache } from '../indexer-api/ttl-cache.ts';
import { isApiError } from '../indexer-api/errors.ts';
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { VERIFY_TIMEOUT_MS } from '../indexer-api/timeouts.ts';
import { normalizeVerificationResult } from '../normalize/verification.ts';
import type { AbiEntry, ContractSource } from '../model/types.ts';
import { compilerChoices, type CompilerChoices } from './compilers.ts';
import { VERIFY_MESSAGES, toVerificationRequest, validateVerifyForm, type VerifyFormValues } from './verify-form.ts';

// The contract view's reads: the verification (source, settings, ABI) checked against the verified flag as the
// spec asks, the compiler list of the form, and the verification sent by the plain form.

/** Texts of the verification states, in the spec's words. */
export const CONTRACT_MESSAGES = {
  inconsistent: 'Contract verification status is inconsistent. The contract is marked as verified, but source code and ABI are not available.',
  incomplete: 'Contract verification is incomplete. Both source code and ABI are required for a contract to be considered verified.',
  tabFailed: 'Failed to load contract data. Please try again later.',
  pageFailed: 'Failed to load contract details. The contract may not be verified.',
  noSource: 'No source code available for this contract',
  noAbi: 'ABI data is not available',
  noInteractAbi: 'Contract ABI is not available',
} as const;

/** What the Contract tab shows. */
export type VerificationView =
  | { state: 'verified'; source: ContractSource; abi: AbiEntry[] }
  | { state: 'unverified' }
  | { state: 'inconsistent' }
  | { state: 'incomplete'; hasSource: boolean; hasAbi: boolean };

/** Reads source and ABI and decides the state: a verified flag needs both. */
export async function loadVerification(client: Pick<IndexerClient, 'getContractVerification' | 'getContractSource' | 'getContractAbi'>, address: string, verified: boolean | null): Promise<VerificationView> {
  if (verified === false) return { state: 'unverified' };
  const source = (await safe(client.getContractVerification(address), null)) ?? (await safe(client.getContractSource(address), null));
  const abi = source?.abi ?? (await safe(client.getContractAbi(address), null));
  if (source && abi) return { state: 'verified', source, abi };
  // The flag could not be read: without source and ABI there is nothing verified to show.
  if (verified === null) return { state: 'unverified' };
  return source || abi ? { state: 'incomplete', hasSource: source !== null, hasAbi: abi !== null } : { state: 'inconsistent' };
}

const compilerCache = createTtlCache();

/** The form's compiler choices, from the indexer's list (kept a minute) or the fallback list with its message. */
export async function loadCompilerChoices(client: Pick<IndexerClient, 'getCompilers'>): Promise<CompilerChoices> {
  const list = await safe(
    compilerCache.get('compilers', 60_000, async () => {
      const found = await client.getCompilers();
      if (found.length === 0) throw new Error('empty compiler list');
      return found;
    }),
    null,
  );
  return compilerChoices(list);
}

/** What a verification attempt came to, as the form shows it. */
export interface VerifyOutcome {
  success: boolean;
  message: string;
  logs: string[];
}

/** Sends a plain form's verification (JavaScript off): validation errors, the indexer's answer, or why it failed. */
export async function verifyFromForm(client: Pick<IndexerClient, 'verifyContract'>, values: VerifyFormValues): Promise<{ errors: string[]; outcome: VerifyOutcome | null; status: number }> {
  const errors = validateVerifyForm(values);
  if (errors.length > 0) return { errors, outcome: null, status: 400 };
  try {
    const result = await client.verifyContract(toVerificationRequest(values), { timeoutMs: VERIFY_TIMEOUT_MS });
    if (result.success) return { errors: [], outcome: { success: true, message: result.message ?? VERIFY_MESSAGES.success, logs: result.logs }, status: 200 };
    return { errors: [], outcome: { success: false, message: result.error ?? VERIFY_MESSAGES.generic, logs: result.logs }, status: 400 };
  } catch (error) {
    if (isApiError(error)) {
      const body = normalizeVerificationResult(error.body);
      const status = error.status !== null && error.status >= 400 && error.status < 500 ? error.status : 502;
      return { errors: [], outcome: { success: false, message: body.error ?? error.serverMessage ?? error.message, logs: body.logs }, status };
    }
    return { errors: [], outcome: { success: false, message: error instanceof Error && error.message ? error.message : VERIFY_MESSAGES.generic, logs: [] }, status: 502 };
  }
}
