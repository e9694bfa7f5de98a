import type { AbiEntry, AbiParam } from '../model/types.ts';

// The functions of a verified ABI as the interaction view lists them: Read Functions (view or
// pure) and Write Functions (nonpayable or payable), each known by its signature so overloads stay apart.

/** How a function may change state. */
export type Mutability = 'view' | 'pure' | 'nonpayable' | 'payable';

/** One callable function of an ABI. */
export interface ContractFunction {
  /** 'name(type,…)' with canonical types: the function's identity in URLs and requests. */
  signature: string;
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
  mutability: Mutability;
  /** Read functions are called through the indexer; write functions are sent by the visitor's wallet. */
  kind: 'read' | 'write';
  payable: boolean;
  /** Another function has the same name: requests must name this one by signature. */
  overloaded: boolean;
}

/** The canonical type of a parameter: tuples written out as (t1,t2)[] as the selector needs them. */
export function canonicalType(param: AbiParam): string {
  if (!param.type.startsWith('tuple')) return param.type;
  return `(${(param.components ?? []).map(canonicalType).join(',')})${param.type.slice('tuple'.length)}`;
}

/** How a parameter's type is shown to people: the struct name when the compiler gave one ('struct Playground.Info'). */
export function typeLabel(param: AbiParam): string {
  if (param.type.startsWith('tuple') && param.internalType?.startsWith('struct ')) return param.internalType.slice('struct '.length);
  return param.type.startsWith('tuple') ? canonicalType(param) : param.type;
}

function mutabilityOf(entry: AbiEntry): Mutability {
  const m = entry.stateMutability;
  if (m === 'view' || m === 'pure' || m === 'payable' || m === 'nonpayable') return m;
  return entry.constant ? 'view' : 'nonpayable';
}

/** The ABI's functions in ABI order, with their signatures and kinds. */
export function contractFunctions(abi: readonly AbiEntry[]): ContractFunction[] {
  const entries = abi.filter((e) => e.type === 'function' && e.name !== '');
  const signatureOf = (e: AbiEntry): string => `${e.name}(${e.inputs.map(canonicalType).join(',')})`;
  // Overloads are different signatures under one name (a repeated identical entry is one function).
  const signatures = new Map<string, Set<string>>();
  for (const e of entries) signatures.set(e.name, (signatures.get(e.name) ?? new Set()).add(signatureOf(e)));
  const seen = new Set<string>();
  const result: ContractFunction[] = [];
  for (const e of entries) {
    const signature = signatureOf(e);
    if (seen.has(signature)) continue;
    seen.add(signature);
    const mutability = mutabilityOf(e);
    result.push({
      signature,
      name: e.name,
      inputs: e.inputs,
      outputs: e.outputs,
      mutability,
      kind: mutability === 'view' || mutability === 'pure' ? 'read' : 'write',
      payable: mutability === 'payable',
      overloaded: (signatures.get(e.name)?.size ?? 0) > 1,
    });
  }
  return result;
}

/** One group of the list: a heading and its functions (never empty). */
export interface FunctionGroup {
  mutability: Mutability;
  label: string;
  functions: ContractFunction[];
}

const GROUP_LABELS: Record<Mutability, string> = {
  view: 'view: reads state',
  pure: 'pure: computes from its inputs',
  nonpayable: 'nonpayable: changes state',
  payable: 'payable: changes state and accepts STO',
};

/** Functions of one kind grouped by state mutability (view before pure, nonpayable before payable), alphabetically within. */
export function groupFunctions(functions: readonly ContractFunction[], kind: 'read' | 'write'): FunctionGroup[] {
  const order: Mutability[] = kind === 'read' ? ['view', 'pure'] : ['nonpayable', 'payable'];
  return order
    .map((mutability) => ({
      mutability,
      label: GROUP_LABELS[mutability],
      functions: functions.filter((f) => f.mutability === mutability).sort((a, b) => a.signature.localeCompare(b.signature)),
    }))
    .filter((g) => g.functions.length > 0);
}

/** What the interact request names: the plain name (the upstream indexer's form), the signature for an overload. */
export function methodOf(fn: ContractFunction): string {
  return fn.overloaded ? fn.signature : fn.name;
}

/** 'type name' (or just the type when unnamed) of an output, for the function's description. */
export function outputLabel(param: AbiParam): string {
  return param.name ? `${typeLabel(param)} ${param.name}` : typeLabel(param);
}
