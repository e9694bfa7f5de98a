import { FORM_EVM_VERSIONS, LICENSES, VERIFICATION_DEFAULTS, formEvmVersion, isValidRuns } from './evm.ts';
import type { VerificationRequest } from '../model/wire.ts';

// The verification form: its fields, the spec's validation messages and the request it sends. One module
// for the server (the plain POST form) and the island (validation as you type), so both say the same thing.

/** One library row of the form. */
export interface LibraryRow {
  name: string;
  address: string;
}

/** Everything the form holds; strings as typed, so nothing a visitor entered is lost after an error. */
export interface VerifyFormValues {
  address: string;
  contractName: string;
  sourceCode: string;
  compilerVersion: string;
  evmVersion: string;
  optimizationUsed: boolean;
  runs: string;
  constructorArguments: string;
  libraries: LibraryRow[];
  license: string;
}

/** Validation messages, in the spec's words. */
export const VERIFY_MESSAGES = {
  addressRequired: 'Contract address is required',
  addressInvalid: 'Contract address is missing or invalid',
  nameRequired: 'Contract name is required',
  sourceRequired: 'Source code is required',
  compilerRequired: 'Compiler version is required',
  runs: `Optimization runs must be a whole number from ${VERIFICATION_DEFAULTS.minRuns} to ${VERIFICATION_DEFAULTS.maxRuns}`,
  constructorArguments: 'Constructor arguments must be ABI-encoded hex (for example 0x0000…2a)',
  libraryAddress: (name: string) => `Library ${name} needs an address of 0x and 40 hex characters`,
  generic: 'An error occurred during contract verification',
  success: 'Contract Verified Successfully!',
} as const;

/** The most library rows the form takes. */
export const MAX_LIBRARY_ROWS = 10;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An empty form for an address, with the spec's defaults (runs 200, MIT, no optimisation) and the EVM version for the compiler. */
export function emptyVerifyForm(address = '', compilerVersion = ''): VerifyFormValues {
  return {
    address,
    contractName: '',
    sourceCode: '',
    compilerVersion,
    evmVersion: formEvmVersion(compilerVersion),
    optimizationUsed: VERIFICATION_DEFAULTS.optimizationUsed,
    runs: String(VERIFICATION_DEFAULTS.runs),
    constructorArguments: VERIFICATION_DEFAULTS.constructorArguments,
    libraries: [{ name: '', address: '' }],
    license: VERIFICATION_DEFAULTS.license,
  };
}

/** Reads a submitted form (FormData or URLSearchParams); unknown EVM versions and licences fall back to the defaults. */
export function readVerifyForm(form: { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] }): VerifyFormValues {
  const text = (name: string): string => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const names = form.getAll('libraryName').map((v) => (typeof v === 'string' ? v : ''));
  const addresses = form.getAll('libraryAddress').map((v) => (typeof v === 'string' ? v : ''));
  const libraries = names.slice(0, MAX_LIBRARY_ROWS).map((name, i) => ({ name, address: addresses[i] ?? '' }));
  const evm = text('evmVersion');
  const license = text('license');
  return {
    address: text('address').trim(),
    contractName: text('contractName'),
    sourceCode: text('sourceCode'),
    compilerVersion: text('compilerVersion').trim(),
    evmVersion: FORM_EVM_VERSIONS.includes(evm) ? evm : formEvmVersion(text('compilerVersion')),
    optimizationUsed: ['on', 'true', '1'].includes(text('optimizationUsed')),
    runs: text('runs').trim() || String(VERIFICATION_DEFAULTS.runs),
    constructorArguments: text('constructorArguments').trim(),
    libraries: libraries.length > 0 ? libraries : [{ name: '', address: '' }],
    license: (LICENSES as readonly string[]).includes(license) ? license : VERIFICATION_DEFAULTS.license,
  };
}

/** The spec's checks, in field order; an empty list means the form can be sent. */
export function validateVerifyForm(values: VerifyFormValues): string[] {
  const errors: string[] = [];
  if (values.address.trim() === '') errors.push(VERIFY_MESSAGES.addressRequired);
  else if (!ADDRESS.test(values.address.trim())) errors.push(VERIFY_MESSAGES.addressInvalid);
  if (values.contractName.trim() === '') errors.push(VERIFY_MESSAGES.nameRequired);
  if (values.sourceCode.trim() === '') errors.push(VERIFY_MESSAGES.sourceRequired);
  if (values.compilerVersion.trim() === '') errors.push(VERIFY_MESSAGES.compilerRequired);
  if (values.optimizationUsed && !isValidRuns(Number(values.runs))) errors.push(VERIFY_MESSAGES.runs);
  if (values.constructorArguments !== '' && !/^(0x)?([0-9a-fA-F]{2})*$/.test(values.constructorArguments)) errors.push(VERIFY_MESSAGES.constructorArguments);
  for (const row of values.libraries) {
    if (row.name.trim() !== '' && row.address.trim() !== '' && !ADDRESS.test(row.address.trim())) errors.push(VERIFY_MESSAGES.libraryAddress(row.name.trim()));
  }
  return errors;
}

/** The request POST /contracts/verify takes; only library rows with both name and address are sent. */
export function toVerificationRequest(values: VerifyFormValues): VerificationRequest {
  const libraries = Object.fromEntries(
    values.libraries.filter((row) => row.name.trim() !== '' && row.address.trim() !== '').map((row) => [row.name.trim(), row.address.trim()]),
  );
  return {
    address: values.address.trim(),
    sourceCode: values.sourceCode,
    compilerVersion: values.compilerVersion.trim(),
    contractName: values.contractName.trim(),
    optimizationUsed: values.optimizationUsed,
    runs: values.optimizationUsed ? Number(values.runs) : VERIFICATION_DEFAULTS.runs,
    constructorArguments: values.constructorArguments.trim(),
    libraries,
    evmVersion: values.evmVersion,
    license: values.license,
  };
}

/** Session-storage key of the logs a successful verification hands to the page shown next (its success box prints them). */
export function verifyLogsKey(address: string): string {
  return `sto-explorer:verify-logs:${address.trim().toLowerCase()}`;
}

/** Whether a library row's Remove button is disabled: only one row left and it is empty. */
export function removeDisabled(rows: readonly LibraryRow[]): boolean {
  const only = rows[0];
  return rows.length === 1 && only !== undefined && only.name.trim() === '' && only.address.trim() === '';
}
