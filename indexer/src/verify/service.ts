import { errorMessage } from '../../../common/errors.ts';
import { abiSignatures } from '../signatures/text.ts';
import { storeSignatures } from '../signatures/store.ts';
import { HttpError } from '../http/router.ts';
import { contractBlocks, contractCreation } from '../store/queries/contracts.ts';
import { anyVerified, codeHashOf, storeCodeHash, storeVerification, verifiedContract, verifiedTwin, type VerifiedRow } from '../store/queries/verification.ts';
import type { Store } from '../store/types.ts';
import type { RpcClient } from '../chain/rpc.ts';
import type { Compilers } from './compilers.ts';
import { parseVerificationRequest, type VerificationInput } from './input.ts';
import type { CompilerPool } from './pool.ts';
import { codeHash, readChainCode, verifyAgainstChain, type Rejected, type Verified } from './verify.ts';

// Verification as a service of the indexer: one request at a time per address, results stored with everything
// needed to show and re-check them, and lookups that also find contracts verified through a twin with the same
// deployed code (Blockscout's "similar match").

/** A stored verification. */
export type { VerifiedRow };

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
    const existing = await verifiedContract(this.db, request.address);
    const contract = await contractCreation(this.db, request.address);
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
    await storeVerification(this.db, {
      address: request.address,
      match_type: result.matchType,
      contract_name: result.contractName,
      contract_path: result.contractPath,
      compiler_version: `v${result.compiler.longVersion}`,
      optimization_used: result.settings.optimizer?.enabled ? 1 : 0,
      runs: result.settings.optimizer?.runs ?? 200,
      evm_version: result.settings.evmVersion ?? 'default',
      license: request.license,
      sources: JSON.stringify(Object.fromEntries(Object.entries(request.input.sources).map(([path, s]) => [path, s.content]))),
      settings: JSON.stringify({ ...result.settings, outputSelection: undefined }),
      abi: JSON.stringify(result.abi),
      libraries: JSON.stringify(request.libraries),
      constructor_arguments: result.constructorArguments,
      metadata_hash: result.metadataHash,
      runtime_hash: result.runtimeHash,
      creation_block: chain.creationBlock,
      input_format: request.format,
      verified_at: Math.floor(Date.now() / 1000),
    });
    this.stored++;
    // The ABI's functions and events name calls and logs elsewhere too (any contract with the same selectors).
    await storeSignatures(this.db, abiSignatures(result.abi), 'verified');
    await storeCodeHash(this.db, request.address, result.runtimeHash, chain.creationBlock ?? 0);
    return { ...result, address: request.address, alreadyVerified: existing?.match_type === result.matchType };
  }

  /** The verification of an address: its own, or through a verified contract with the same deployed code. */
  async lookup(address: string): Promise<Verification | null> {
    const own = await verifiedContract(this.db, address);
    if (own) return { row: own, matchType: own.match_type === 'full' ? 'full' : 'partial', similarTo: null };
    // Only contracts the indexer knows are looked at, so an account never costs a node call.
    const known = await contractBlocks(this.db, address);
    if (!known) return null;
    if (!(await anyVerified(this.db))) return null;
    let hash = await codeHashOf(this.db, address);
    if (hash === undefined) {
      let code: string;
      try {
        code = await this.rpc.call<string>('eth_getCode', [address, 'latest']);
      } catch {
        return null;
      }
      if (code === '0x') return null;
      hash = codeHash(code);
      await storeCodeHash(this.db, address, hash, known.block_number ?? known.first_seen_block);
    }
    const twin = await verifiedTwin(this.db, hash);
    return twin ? { row: twin, matchType: 'similar', similarTo: twin.address } : null;
  }

  /** Ends the compiler threads. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
