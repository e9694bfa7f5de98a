import { Interface } from 'ethers';
import type { AbiValue } from './abi-input.ts';
import type { ContractFunction } from './functions.ts';

// The calldata of a write (the wallet sends it): loaded by the island only when a write is executed, so reading a
// contract never downloads ethers' ABI coder.

/** ABI-encodes a call of `fn` with parsed values (selector + arguments). */
export function encodeCall(fn: Pick<ContractFunction, 'name' | 'inputs' | 'outputs' | 'mutability'>, values: readonly AbiValue[]): string {
  const iface = new Interface([{ type: 'function', name: fn.name, inputs: fn.inputs, outputs: fn.outputs, stateMutability: fn.mutability }]);
  return iface.encodeFunctionData(fn.name, [...values]);
}
