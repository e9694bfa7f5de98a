import { errorMessage } from '../../../common/errors.ts';
import { abiSignatures } from '../signatures/text.ts';
import { storeSignatures } from '../signatures/store.ts';
import { HttpError } from '../http/router.ts';
import type { ContractRow } from '../store/rows.ts';
import type { Store } from '../store/types.ts';
import type { RpcClient } from '../chain/rpc.ts';
import type { Compilers } from './compilers.ts';
import { parseVerificationRequest, type VerificationInput } from './input.ts';
import type { CompilerPool } from './pool.ts';
import { codeHash, readChainCode, verifyAgainstChain, type Rejected, type Verified } from './verify.ts';

/** Records the hash of a contract's deployed code (the newest reading wins). */
const CODE_HASH_UPSERT = `INSERT INTO contract_code_hashes (address, code_hash, block_number) VALUES (?, ?, ?)
  ON CONFLICT (address) DO UPDATE SET code_hash = excluded.code_hash, block_number = excluded.block_number`;

// Verification as a service of the indexer: one request at a time per address, results stored with everything
// needed to show and re-check them, and lookups that also find contracts verified through a twin with the same
// deployed code (Blockscout's "similar match").

/** A stored verification. */
export interface VerifiedRow {
  address: string;
  match_type: string;
  contract_name: string;
  contract_path: string;
  compiler_version: string;
  optimization_used: number;
  runs: number;
  evm_version: string;
  license: string;
  sources: string;
  settings: string;
  abi: string;
  libraries: string;
  constructor_arguments: string;
  metadata_hash: string | null;
  runtime_hash: string;
  creation_block: number | null;
  input_format: string;
  verified_at: number;
}

/** A verification as the API shows it: the stored row, and the address it was verified at when that is another. */
export interface Verification {
  row: VerifiedRow;
  /** 'full', 'partial', or 'similar' when verified through a contract with identical deployed code. */
  matchType: 'full' | 'partial' | 'similar';
  similarTo: string | null;
}

/** The answer of a verification request. */
export type VerifyResult = (Verified & { alreadyVerified: boolean; address: string }) | Rejected;

/** The verifier of one indexer. */
export class VerificationService {
  private readonly db: Store;
  private readonly rpc: RpcClient;
  readonly compilers: Compilers;
  readonly pool: CompilerPool;
  private readonly diagnosisBudgetMs: number;
  private readonly inFlight = new Map<string, Promise<VerifyResult | null>>();
  /**
   * Verifications this process has stored: readers that keep what lookup() answered (the Etherscan API's function
   * names) start again when it changes. Other processes' verifications reach them when what they keep expires.
   */
  stored = 0;

  constructor(opts: { db: Store; rpc: RpcClient; compilers: Compilers; pool: CompilerPool; diagnosisBudgetMs?: number }) {
    this.db = opts.db;
    this.rpc = opts.rpc;
    this.compilers = opts.compilers;
    this.pool = opts.pool;
    this.diagnosisBudgetMs = opts.diagnosisBudgetMs ?? 60_000;
  }

  /** Verifies a request body (any accepted shape); 4xx problems throw HttpError. */
  async verify(body: unknown): Promise<VerifyResult> {
    const request = parseVerificationRequest(body);
    // Submissions for one address run one after another (each then sees what the previous one stored): the new one
    // is chained onto the last one before anything is awaited.
    const previous = this.inFlight.get(request.address) ?? Promise.resolve(null);
    const work = previous.catch(() => null).then(() => this.run(request));
    this.inFlight.set(request.address, work);
    try {
      return await work;
    } finally {
      if (this.inFlight.get(request.address) === work) this.inFlight.delete(request.address);
    }
  }

  private async run(request: VerificationInput): Promise<VerifyResult> {
    const existing = await this.db.one<VerifiedRow>('SELECT * FROM verified_contracts WHERE address = ?', request.address);
    const contract = await this.db.one<Pick<ContractRow, 'creation_tx' | 'block_number'>>('SELECT creation_tx, block_number FROM contracts WHERE address = ?', request.address);
    let chain;
    try {
      chain = await readChainCode(this.rpc, request.address, contract?.creation_tx ?? null, contract?.block_number ?? null);
    } catch (err) {
      throw new HttpError(502, `The node could not be read: ${errorMessage(err)}`);
    }
    // Compiler problems are HttpErrors themselves (a missing version 400, a full queue 503, a time-out 422).
    const result = await verifyAgainstChain({ compilers: this.compilers, pool: this.pool, diagnosisBudgetMs: this.diagnosisBudgetMs }, request, chain);
    if (!result.ok) return result;
    // A full match is never replaced by a partial one; anything else takes the newest result.
    if (existing && existing.match_type === 'full' && result.matchType === 'partial') {
      return { ...result, address: request.address, matchType: 'full', alreadyVerified: true, logs: [...result.logs, 'Already verified with a full match: kept'] };
    }
    await this.db.run(
      `INSERT INTO verified_contracts (address, match_type, contract_name, contract_path, compiler_version,
        optimization_used, runs, evm_version, license, sources, settings, abi, libraries, constructor_arguments,
        metadata_hash, runtime_hash, creation_block, input_format, verified_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET match_type = excluded.match_type, contract_name = excluded.contract_name, contract_path = excluded.contract_path, compiler_version = excluded.compiler_version, optimization_used = excluded.optimization_used, runs = excluded.runs, evm_version = excluded.evm_version, license = excluded.license, sources = excluded.sources, settings = excluded.settings, abi = excluded.abi, libraries = excluded.libraries, constructor_arguments = excluded.constructor_arguments, metadata_hash = excluded.metadata_hash, runtime_hash = excluded.runtime_hash, creation_block = excluded.creation_block, input_format = excluded.input_format, verified_at = excluded.verified_at`,
      request.address,
      result.matchType,
      result.contractName,
      result.contractPath,
      `v${result.compiler.longVersion}`,
      result.settings.optimizer?.enabled ? 1 : 0,
      result.settings.optimizer?.runs ?? 200,
      result.settings.evmVersion ?? 'default',
      request.license,
      JSON.stringify(Object.fromEntries(Object.entries(request.input.sources).map(([path, s]) => [path, s.content]))),
      JSON.stringify({ ...result.settings, outputSelection: undefined }),
      JSON.stringify(result.abi),
      JSON.stringify(request.libraries),
      result.constructorArguments,
      result.metadataHash,
      result.runtimeHash,
      chain.creationBlock,
      request.format,
      Math.floor(Date.now() / 1000),
    );
    this.stored++;
    // The ABI's functions and events name calls and logs elsewhere too (any contract with the same selectors).
    await storeSignatures(this.db, abiSignatures(result.abi), 'verified');
    await this.db.run(
      CODE_HASH_UPSERT,
      request.address,
      result.runtimeHash,
      chain.creationBlock ?? 0,
    );
    return { ...result, address: request.address, alreadyVerified: existing?.match_type === result.matchType };
  }

  /** The verification of an address: its own, or through a verified contract with the same deployed code. */
  async lookup(address: string): Promise<Verification | null> {
    const own = await this.db.one<VerifiedRow>('SELECT * FROM verified_contracts WHERE address = ?', address);
    if (own) return { row: own, matchType: own.match_type === 'full' ? 'full' : 'partial', similarTo: null };
    // Only contracts the indexer knows are looked at, so an account never costs a node call.
    const known = await this.db.one<{ block_number: number | null; first_seen_block: number }>(
      'SELECT block_number, first_seen_block FROM contracts WHERE address = ?',
      address,
    );
    if (!known) return null;
    if (!await this.db.one<{ n: number }>('SELECT 1 AS n FROM verified_contracts LIMIT 1')) return null;
    let hash = (await this.db.one<{ code_hash: string }>('SELECT code_hash FROM contract_code_hashes WHERE address = ?', address))?.code_hash;
    if (hash === undefined) {
      let code: string;
      try {
        code = await this.rpc.call<string>('eth_getCode', [address, 'latest']);
      } catch {
        return null;
      }
      if (code === '0x') return null;
      hash = codeHash(code);
      await this.db.run(
        CODE_HASH_UPSERT,
        address,
        hash,
        known.block_number ?? known.first_seen_block,
      );
    }
    const twin = await this.db.one<VerifiedRow>('SELECT * FROM verified_contracts WHERE runtime_hash = ? ORDER BY match_type, verified_at LIMIT 1', hash);
    return twin ? { row: twin, matchType: 'similar', similarTo: twin.address } : null;
  }

  /** Ends the compiler threads. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
