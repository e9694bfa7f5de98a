import { errorMessage } from '../../../common/errors.ts';
import { BackgroundLoop } from '../background/loop.ts';
import { decodeString, encodeCall, SELECTORS } from '../chain/abi.ts';
import { noteMetadataAttempt, pendingMetadata, storeMetadata, type PendingMetadataRow } from '../store/queries/nfts.ts';
import type { Queryable, Store } from '../store/types.ts';
import { MetadataUpdates } from '../sync/state.ts';
import { RpcError, type RpcClient } from '../chain/rpc.ts';
import { FetchRefusedError, fetchLimited } from './fetch-limited.ts';
import { parseMetadata, type ParsedMetadata } from './parse.ts';
import { resolveMetadataUri, substituteId } from './uri.ts';

/** Settings of the background metadata fetcher. */
export interface MetadataOptions {
  gateway: string;
  timeoutMs?: number;
  maxBytes?: number;
  concurrency?: number;
  log?: (line: string) => void;
  /** True while the sync catches up: the queue then works one token at a time to leave the node to it. */
  syncBusy?: () => boolean;
  /** Also fetch from loopback, private and link-local addresses (METADATA_ALLOW_PRIVATE=1); refused by default. */
  allowPrivate?: boolean;
  /** Counts the writes (sync_state.metadata_updates); the syncer's status reports the same count. */
  updates?: MetadataUpdates;
  /** Told of each download's outcome: ok, error, or refused by the address guard (the indexer's metrics). */
  onFetch?: (outcome: 'ok' | 'error' | 'refused') => void;
}

type PendingRow = PendingMetadataRow;

const MAX_ATTEMPTS = 3;

/** A failure worth retrying later (the network), as opposed to a token without usable metadata. */
class TransientError extends Error {}

/**
 * Fetches NFT metadata (tokenURI / uri, then data:, http(s) or ipfs:// through the gateway) in the
 * background, so the sync never waits for it. Work is the nft_tokens rows still 'pending', so it
 * survives restarts.
 */
export class MetadataQueue {
  private readonly db: Store;
  private readonly rpc: RpcClient;
  private readonly gateway: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;
  private readonly log: (line: string) => void;
  private readonly syncBusy: () => boolean;
  private readonly allowPrivate: boolean;
  private readonly loop = new BackgroundLoop(() => this.run());
  /** Writes to nft_tokens so far, as stored in sync_state (read when the loop starts). */
  private readonly updates: MetadataUpdates;
  private readonly onFetch: MetadataOptions['onFetch'];

  constructor(db: Store, rpc: RpcClient, opts: MetadataOptions) {
    this.db = db;
    this.rpc = rpc;
    this.gateway = opts.gateway;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.maxBytes = opts.maxBytes ?? 256 * 1024;
    this.concurrency = opts.concurrency ?? 4;
    this.log = opts.log ?? (() => {});
    this.syncBusy = opts.syncBusy ?? (() => false);
    this.allowPrivate = opts.allowPrivate === true;
    this.updates = opts.updates ?? new MetadataUpdates();
    this.onFetch = opts.onFetch;
  }

  /** Starts the background loop. */
  start(): void {
    this.loop.start();
  }

  /** Stops after the downloads in progress. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Signals that new rows are waiting. */
  kick(): void {
    this.loop.kick();
  }

  private async run(): Promise<void> {
    await this.updates.load(this.db);
    while (this.loop.running) {
      // The query below finds the rows a kick until now announced.
      this.loop.clearKick();
      const rows = await pendingMetadata(this.db, this.concurrency * 4);
      if (rows.length === 0) {
        await this.loop.sleep(5000);
        continue;
      }
      let progressed = false;
      for (let i = 0; i < rows.length && this.loop.running; ) {
        const width = this.syncBusy() ? 1 : this.concurrency;
        const results = await Promise.all(rows.slice(i, i + width).map((r) => this.process(r)));
        progressed ||= results.some(Boolean);
        i += width;
      }
      if (!progressed) await this.loop.sleep(2000);
    }
  }

  /** Loads one token's metadata; true when the row reached a final state. */
  private async process(row: PendingRow): Promise<boolean> {
    try {
      const meta = await this.load(row);
      if (meta === null) {
        await this.finish(row, 'none', null, null, 'no token URI');
      } else {
        await this.finish(row, 'ok', meta.uri, meta.parsed, null);
      }
      return true;
    } catch (err) {
      const message = errorMessage(err);
      const attempts = row.metadata_attempts + 1;
      if (err instanceof TransientError && attempts < MAX_ATTEMPTS) {
        await this.write((tx) => noteMetadataAttempt(tx, row.token_address, row.token_id, attempts, message.slice(0, 500)));
        return false;
      }
      await this.finish(row, 'error', null, null, message);
      this.log(`metadata: ${row.token_address} #${BigInt(row.token_id)}: ${message.slice(0, 200)}`);
      return true;
    }
  }

  /** Runs one write to nft_tokens and counts it in the same transaction (MetadataUpdates). */
  private write(fn: (tx: Queryable) => Promise<unknown>): Promise<void> {
    return this.updates.write(this.db, fn);
  }

  private async finish(row: PendingRow, status: string, uri: string | null, parsed: ParsedMetadata | null, error: string | null): Promise<void> {
    await this.write((tx) =>
      storeMetadata(tx, row.token_address, row.token_id, {
        status,
        uri: uri === null ? null : uri.slice(0, 4096),
        metadata: parsed ? JSON.stringify(parsed.raw) : null,
        name: parsed?.name ?? null,
        description: parsed?.description ?? null,
        image: parsed?.image ?? null,
        error: error === null ? null : error.slice(0, 500),
      }),
    );
  }

  private async tokenUri(row: PendingRow, id: bigint): Promise<string | null> {
    const selector = row.token_type === 'ERC1155' ? SELECTORS.uri : SELECTORS.tokenURI;
    let result: string;
    try {
      result = await this.rpc.call<string>('eth_call', [
        { to: row.token_address, data: encodeCall(selector, id), gas: '0x4c4b40' },
        'latest',
      ]);
    } catch (err) {
      if (err instanceof RpcError) return null;
      throw new TransientError(errorMessage(err));
    }
    const uri = decodeString(result, this.maxBytes * 2);
    if (uri === null || uri.length === 0) return null;
    return row.token_type === 'ERC1155' ? substituteId(uri, id) : uri;
  }

  private async load(row: PendingRow): Promise<{ uri: string; parsed: ParsedMetadata } | null> {
    const id = BigInt(row.token_id);
    const uri = await this.tokenUri(row, id);
    if (uri === null) return null;
    const source = resolveMetadataUri(uri, this.gateway, this.maxBytes);
    if (source === null) throw new Error('unsupported or malformed token URI');
    let bytes: Uint8Array;
    if (source.kind === 'inline') {
      bytes = source.bytes;
    } else {
      try {
        bytes = await fetchLimited(source.url, { timeoutMs: this.timeoutMs, maxBytes: this.maxBytes }, { allowPrivate: this.allowPrivate });
        this.onFetch?.('ok');
      } catch (err) {
        this.onFetch?.(err instanceof FetchRefusedError ? 'refused' : 'error');
        const message = errorMessage(err);
        // Refused addresses, oversized bodies and HTTP 4xx will not change on retry; network trouble and 5xx may.
        if (err instanceof FetchRefusedError || /exceeds|HTTP 4\d\d/.test(message)) throw new Error(message, { cause: err });
        throw new TransientError(message);
      }
    }
    return { uri, parsed: parseMetadata(bytes, this.gateway) };
  }
}
