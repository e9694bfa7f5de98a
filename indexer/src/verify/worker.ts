import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { CompilerSource } from './compilers.ts';
import { errorMessage } from '../../../common/errors.ts';

// One solc-js compilation at a time, off the API's thread. Loaded compilers are kept (they take a second or more
// to load); the pool ends this thread when a compilation runs past its time limit.

interface Solc {
  compile?: (input: string) => string;
  compileStandardWrapper?: (input: string) => string;
}

/** A compilation request. */
export interface CompileJob {
  id: number;
  compiler: CompilerSource;
  /** Standard JSON input, serialised. */
  input: string;
}

/** A compilation answer: solc's standard JSON output (serialised), or why the compiler could not run. */
export type CompileAnswer = { id: number; output: string } | { id: number; error: string };

const require = createRequire(import.meta.url);
/** The compilers loaded, by package name or path: the 3 most recently used are kept. */
const loaded = new LRUCache<string, Solc>({ max: 3 });

function load(source: CompilerSource): Solc {
  const key = source.kind === 'package' ? source.name : source.path;
  let solc = loaded.get(key);
  if (!solc) {
    if (source.kind === 'package') solc = require(source.name) as Solc;
    else {
      // A downloaded soljson build, wrapped by the solc-js wrapper of the bundled package.
      const wrapper = require('solc/wrapper') as (soljson: unknown) => Solc;
      solc = wrapper(require(source.path));
    }
    loaded.set(key, solc);
  }
  return solc;
}

parentPort?.on('message', (job: CompileJob) => {
  let answer: CompileAnswer;
  try {
    const solc = load(job.compiler);
    // solc-js before 0.5 compiles standard JSON through compileStandardWrapper; later versions through compile.
    const compile = solc.compileStandardWrapper ?? solc.compile;
    if (!compile) throw new Error('this solc-js build cannot compile standard JSON input');
    answer = { id: job.id, output: compile.call(solc, job.input) };
  } catch (err) {
    answer = { id: job.id, error: errorMessage(err) };
  }
  parentPort?.postMessage(answer);
});
