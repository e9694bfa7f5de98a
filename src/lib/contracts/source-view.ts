import type { ContractSource } from '../model/types.ts';

// Display rules of a verified source: which files to show in which order, and the details' wording.

/** One source file. */
export interface SourceFile {
  path: string;
  content: string;
}

/** The files of a verification, the verified contract's own file first, then the rest in path order. */
export function sourceFilesOf(source: Pick<ContractSource, 'sourceFiles' | 'sourceCode' | 'mainFile' | 'contractName'>): SourceFile[] {
  const files = source.sourceFiles ? Object.entries(source.sourceFiles).map(([path, content]) => ({ path, content })) : [];
  if (files.length === 0) return [{ path: source.mainFile ?? `${source.contractName}.sol`, content: source.sourceCode }];
  const main = source.mainFile;
  return files.sort((a, b) => (a.path === main ? -1 : b.path === main ? 1 : a.path.localeCompare(b.path)));
}

/** 'Enabled (200 runs)' or 'Disabled'. */
export function optimizationText(source: Pick<ContractSource, 'optimizationUsed' | 'runs'>): string {
  return source.optimizationUsed ? `Enabled${source.runs !== null ? ` (${source.runs} runs)` : ''}` : 'Disabled';
}

/** The match type as people read it; null when the indexer does not say. */
export function matchTypeText(matchType: ContractSource['matchType']): string | null {
  switch (matchType) {
    case 'full':
      return 'Full match';
    case 'partial':
      return 'Partial match (only the metadata differs)';
    case 'similar':
      return 'Similar match (identical code verified at another address)';
    default:
      return null;
  }
}
