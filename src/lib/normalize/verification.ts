import type { VerificationResult } from '../model/wire.ts';
import { normalizeAbi } from './abi.ts';
import { isRecord, pick, toBool, toText, unwrapList } from './fields.ts';
import { paramText } from './transaction.ts';

// The answer of a verification request (POST /contracts/verify).

/** Verification answer: logs from a logs array or compilationLogs text (split on newlines), abi, sourceCode, error. */
export function normalizeVerificationResult(raw: unknown): VerificationResult {
  if (!isRecord(raw)) {
    const text = toText(raw);
    return { success: false, error: text, message: null, matchType: null, logs: [], abi: null, sourceCode: null };
  }
  const logsList = unwrapList(raw['logs']);
  const logs = logsList
    ? logsList.map((entry) => (typeof entry === 'string' ? entry : paramText(entry)))
    : (toText(raw['compilationLogs'])?.split('\n') ?? []);
  const success = toBool(raw['success']) ?? (toBool(raw['verified']) ?? toText(raw['error']) === null);
  const error = success ? null : toText(pick(raw, 'error', 'message'));
  const matchType = raw['matchType'] === 'full' || raw['matchType'] === 'partial' ? raw['matchType'] : null;
  return {
    success,
    error,
    message: success ? toText(raw['message']) : null,
    matchType: success ? matchType : null,
    logs,
    abi: normalizeAbi(raw['abi']),
    sourceCode: toText(raw['sourceCode']),
  };
}
