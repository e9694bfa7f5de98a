import { formatTxValue } from '../format/index.ts';
import { txCardKind } from './kind.ts';
import type { DecodedCall, Transaction } from '../model/types.ts';
import { transferAmountText, type DetailTransfer } from './load.ts';

/** Icon of the summary box, one per transaction kind. */
export type SummaryIcon = 'creation' | 'token' | 'call' | 'native';

/** The summary box at the top of the overview: title, icon and one-line description. */
export interface TxSummary {
  title: string;
  icon: SummaryIcon;
  description: string;
}

function iconFor(title: string): SummaryIcon {
  if (title === 'Contract Creation') return 'creation';
  if (title === 'Contract Interaction') return 'call';
  if (title.endsWith(' Transfer') && title !== 'STO Transfer') return 'token';
  return 'native';
}

function transferText(transfer: DetailTransfer): string {
  return `${transferAmountText(transfer, 6)} ${transfer.symbol}`;
}

/**
 * Summary of a transaction: the card kind as title (with the detail page's token transfers),
 * an icon for it, and a description: the indexer's when it has one, else one built from the kind
 * ('Transfer 1.5 STO to 0x…', 'Deploy contract 0x…', 'Call transfer on 0x…').
 */
export function txSummary(
  tx: Transaction,
  options: { transfers: readonly DetailTransfer[]; call: DecodedCall | null; description: string | null; createdContract: string | null },
): TxSummary {
  const title = txCardKind({ ...tx, tokenTransfers: options.transfers });
  const icon = iconFor(title);
  const given = options.description?.trim();
  if (given) return { title, icon, description: given };
  const first = options.transfers[0];
  let description: string;
  if (tx.to === null) description = options.createdContract ? `Deploy contract ${options.createdContract}` : 'Deploy a new contract';
  else if (first) description = `Transfer ${transferText(first)} to ${first.to}`;
  else if (options.call) description = `Call ${options.call.functionName} on ${tx.to}`;
  else if (title === 'Contract Interaction' || title === 'Token Transfer') description = `Call to ${tx.to}`;
  else description = `Transfer ${formatTxValue(tx.value, 'detail')} STO to ${tx.to}`;
  return { title, icon, description };
}
