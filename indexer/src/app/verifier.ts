import { join } from 'node:path';
import type { RpcClient } from '../chain/rpc.ts';
import type { IndexerMetrics } from '../metrics/index.ts';
import type { Store } from '../store/types.ts';
import { Compilers, DEFAULT_COMPILER_LIST_URL } from '../verify/compilers.ts';
import { CompilerPool } from '../verify/pool.ts';
import { VerificationService } from '../verify/service.ts';
import type { VerifyOptions } from './options.ts';

/** Contract verification: compilers cached under dataDir, compiled on a pool of threads. */
export function createVerifier(store: Store, rpc: RpcClient, dataDir: string, verify: VerifyOptions | undefined, metrics: IndexerMetrics): VerificationService {
  return new VerificationService({
    db: store,
    rpc,
    compilers: new Compilers({
      cacheDir: join(dataDir, 'compilers'),
      download: verify?.download ?? true,
      listUrl: verify?.listUrl ?? DEFAULT_COMPILER_LIST_URL,
      timeoutMs: 10_000,
    }),
    pool: new CompilerPool({
      size: verify?.workers ?? 1,
      maxQueue: 16,
      timeoutMs: verify?.compileTimeoutMs ?? 120_000,
      onCompiled: (seconds) => metrics.compiled(seconds),
    }),
    ...(verify?.diagnosisBudgetMs !== undefined ? { diagnosisBudgetMs: verify.diagnosisBudgetMs } : {}),
  });
}
