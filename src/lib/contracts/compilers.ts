import { COMPILER_LIST_FALLBACK_MESSAGE, FALLBACK_COMPILER_VERSIONS } from './evm.ts';

// The compiler choices of the verification form: the indexer's list (versions it has offline first, then the
// official releases when it could read them), else the spec's built-in list with its message.

/** One option of the compiler select. */
export interface CompilerOption {
  /** What is sent: 'v0.8.30+commit.73712a01' (or '0.8.20' from the fallback list). */
  value: string;
  /** What is shown. */
  label: string;
  offline: boolean;
}

/** The select's options and the message to show above it (null when the indexer's list was used). */
export interface CompilerChoices {
  options: CompilerOption[];
  message: string | null;
  /** The version selected at first: the newest one available offline. */
  preferred: string;
}

/** One entry of the indexer's GET /contracts/compilers. */
export interface IndexerCompiler {
  version: string;
  offline: boolean;
}

/** Builds the choices from the indexer's list, or from the fallback list when it could not be read (null). */
export function compilerChoices(list: readonly IndexerCompiler[] | null): CompilerChoices {
  if (list === null || list.length === 0) {
    const options = FALLBACK_COMPILER_VERSIONS.map((v) => ({ value: v, label: `v${v}`, offline: false }));
    return { options, message: COMPILER_LIST_FALLBACK_MESSAGE, preferred: options[0]?.value ?? '' };
  }
  const options = list.map((c) => ({ value: c.version, label: c.offline ? c.version : `${c.version} (downloaded on first use)`, offline: c.offline }));
  return { options, message: null, preferred: options.find((o) => o.offline)?.value ?? options[0]?.value ?? '' };
}
