// Which indexer list each export kind pages through, and the rows it writes: the site's indexer client's list routes
// (normalised, so the chain operator's indexer works as the bundled one does), read without the page deadline (an
// export takes as long as its file; each read keeps its own time-out).
import { createIndexerClient, type IndexerClient } from '../../indexer-api/client.ts';
import { holderRecord, internalRecord, nftTransferRecord, tokenTransferRecord, transactionHeader, transactionRecord, HOLDER_HEADER, internalHeader, NFT_TRANSFER_HEADER, TOKEN_TRANSFER_HEADER } from '../../export/csv-rows.ts';
import { firstOffsetAtOrBelow, holdsMoreThan, type ExportPlan, type PageSource } from '../../export/stream.ts';
import type { ExportRequest } from '../../export/params.ts';
import type { Holder, InternalTransaction, TokenTransfer, Transaction } from '../../model/types.ts';
import { readConfig } from '../config.ts';
import { observedFetch, serverHeaders } from '../indexer-client.ts';
import { platformFetch } from '../deadline.ts';
import { siteSettings, type SiteSettings } from '../settings.ts';

/** The row cap of one file: CSV_EXPORT_MAX_ROWS (src/lib/server/settings.ts: 1 to 999,999,999, default 100,000). */
export function exportMaxRows(settings: Pick<SiteSettings, 'CSV_EXPORT_MAX_ROWS'> = siteSettings()): number {
  return settings.CSV_EXPORT_MAX_ROWS;
}

let client: { key: string; client: IndexerClient } | undefined;

/** The export's indexer client: the server's, without the page deadline. */
export function exportClient(): IndexerClient {
  const settings = siteSettings();
  const base = readConfig(settings).indexerUrl;
  const key = `${base} ${settings.INDEXER_ADMIN_TOKEN ?? ''}`;
  if (client?.key !== key) client = { key, client: createIndexerClient(base, { headers: serverHeaders(base, settings), fetch: observedFetch(platformFetch) }) };
  return client.client;
}

/** A prepared export: its stream's plan, or the message of a range that holds too many rows. */
export type Prepared = { ok: true; plan: ExportPlan<unknown>; cappedAt: number | null } | { ok: false; message: 'too-many' };

interface ListSpec<T> {
  source: PageSource<T>;
  block: (row: T) => number | null;
  time: (row: T) => number | null;
  id: (row: T) => string;
}

/** Finds where the range starts in the list and whether it holds more rows than the cap, then the plan from there. */
async function ranged<T>(request: ExportRequest, cap: number, spec: ListSpec<T>, header: string[], record: (row: T) => string[] | null): Promise<Prepared> {
  const key = request.by === 'block' ? spec.block : spec.time;
  let start = 0;
  if (request.range) {
    start = await firstOffsetAtOrBelow(spec.source, key, request.range.to);
    if (await holdsMoreThan(spec.source, key, request.range, start, cap)) return { ok: false, message: 'too-many' };
  }
  const plan: ExportPlan<T> = {
    source: spec.source,
    header,
    record,
    key,
    ...(request.range ? { range: request.range } : {}),
    identity: (row) => ({ id: spec.id(row), block: spec.block(row) }),
    start,
    cap,
  };
  return { ok: true, plan: plan as ExportPlan<unknown>, cappedAt: null };
}

const isErc20 = (t: TokenTransfer): boolean => t.tokenType === null || t.tokenType.toUpperCase() === 'ERC20';

const transferId = (t: TokenTransfer): string => `${t.transactionHash ?? ''}:${t.logIndex ?? ''}:${t.tokenAddress ?? ''}:${t.from}:${t.to}:${t.tokenId ?? ''}:${t.rawAmount}`;

/** The plan of an export request (the list reads it makes to place the range may throw the client's errors). */
export async function prepareExport(request: ExportRequest, cap: number, stoPriceUsd: number | null, c: IndexerClient = exportClient()): Promise<Prepared> {
  const a = request.address;
  switch (request.kind) {
    case 'transactions': {
      const spec: ListSpec<Transaction> = {
        source: (offset, limit) => c.getAddressTransactions(a, { offset, limit }),
        block: (tx) => tx.blockNumber,
        time: (tx) => tx.timestamp,
        id: (tx) => tx.hash,
      };
      return ranged(request, cap, spec, transactionHeader(stoPriceUsd), (tx) => transactionRecord(tx, a, stoPriceUsd));
    }
    case 'internal-transactions': {
      const spec: ListSpec<InternalTransaction> = {
        source: (offset, limit) => c.getAddressInternalTxRows(a, { offset, limit }),
        block: (t) => t.blockNumber,
        time: (t) => t.timestamp,
        id: (t) => `${t.transactionHash}:${t.traceId ?? ''}:${t.from}:${t.to ?? t.contractAddress ?? ''}:${t.type}:${t.value}`,
      };
      return ranged(request, cap, spec, internalHeader(stoPriceUsd), (t) => internalRecord(t, a, stoPriceUsd));
    }
    case 'token-transfers': {
      const spec: ListSpec<TokenTransfer> = {
        source: (offset, limit) => c.getAddressErc20Transfers(a, { offset, limit }),
        block: (t) => t.blockNumber,
        time: (t) => t.timestamp,
        id: transferId,
      };
      return ranged(request, cap, spec, TOKEN_TRANSFER_HEADER, (t) => (isErc20(t) ? tokenTransferRecord(t) : null));
    }
    case 'transfers': {
      // A token's list may not carry its name, symbol and decimals (the chain operator's indexer): the token's own.
      const token = await c.getToken(a);
      const spec: ListSpec<TokenTransfer> = {
        source: (offset, limit) => c.getTokenTransfers(a, { offset, limit }),
        block: (t) => t.blockNumber,
        time: (t) => t.timestamp,
        id: transferId,
      };
      const withToken = (t: TokenTransfer): TokenTransfer => (token ? { ...t, name: token.name, symbol: token.symbol, decimals: token.decimals } : t);
      if (token && /721|1155/.test(token.type)) return ranged(request, cap, spec, NFT_TRANSFER_HEADER, (t) => nftTransferRecord(withToken(t), null));
      return ranged(request, cap, spec, TOKEN_TRANSFER_HEADER, (t) => (isErc20(t) ? tokenTransferRecord(withToken(t)) : null));
    }
    case 'nft-transfers': {
      const spec: ListSpec<TokenTransfer> = {
        source: (offset, limit) => c.getAddressNftTransferRows(a, { offset, limit }),
        block: (t) => t.blockNumber,
        time: (t) => t.timestamp,
        id: transferId,
      };
      return ranged(request, cap, spec, NFT_TRANSFER_HEADER, (t) => nftTransferRecord(t, null));
    }
    case 'holders': {
      const first = await c.getTokenHolders(a, { offset: 0, limit: 1 });
      const decimals = first.token?.decimals ?? (await c.getToken(a))?.decimals ?? 18;
      const plan: ExportPlan<Holder> = {
        source: async (offset, limit) => (await c.getTokenHolders(a, { offset, limit })).holders,
        header: HOLDER_HEADER,
        record: (h) => holderRecord(h, decimals),
        cap,
      };
      return { ok: true, plan: plan as ExportPlan<unknown>, cappedAt: first.totalHolders > cap ? cap : null };
    }
  }
}
