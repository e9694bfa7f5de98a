import { useEffect, useId, useRef, useState } from 'react';
import type { CompilerChoices } from '../lib/contracts/compilers.ts';
import {
  MAX_LIBRARY_ROWS,
  VERIFY_MESSAGES,
  removeDisabled,
  toVerificationRequest,
  validateVerifyForm,
  verifyLogsKey,
  type LibraryRow,
  type VerifyFormValues,
} from '../lib/contracts/verify-form.ts';
import { verifiedStorageKey } from '../lib/stores/address-verified.ts';
import { FORM_EVM_VERSIONS, LICENSES, VERIFICATION_DEFAULTS, formEvmVersion } from '../lib/contracts/evm.ts';
import { NetworkBox, type NetworkResponse } from './contracts/NetworkBox.tsx';
import { ResultBox } from './contracts/ResultBox.tsx';

interface Props {
  /** Indexer base URL for the browser (PUBLIC_INDEXER_URL). */
  indexerUrl: string;
  /** Where the plain form posts without JavaScript (the page itself). */
  action: string;
  /** Values to show: empty, or what was submitted before an error. */
  initial: VerifyFormValues;
  compilers: CompilerChoices;
  /** Whether the address is a field of the form (on /verify-contract) or fixed (the address page). */
  addressField: boolean;
  /** Where to go after a success: the address page's Contract tab, which shows the verified source. */
  successUrl: string;
  /** The outcome of a plain (JavaScript-less) submission that rendered this page. */
  serverOutcome?: { success: boolean; message: string; logs: string[] } | null;
}

type Outcome = { success: boolean; message: string; logs: string[] } | null;

const input = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
const label = 'block text-sm font-medium text-slate-800';

/** The verification form: a plain POST form on the server, validated and sent to the indexer once hydrated. */
export default function VerifyForm({ indexerUrl, action, initial, compilers, addressField, successUrl, serverOutcome = null }: Props) {
  const id = useId().replace(/:/g, '');
  const [values, setValues] = useState<VerifyFormValues>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(serverOutcome);
  const [network, setNetwork] = useState<NetworkResponse | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Without JavaScript the browser checks required fields; once hydrated the spec's own messages do.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const set = <K extends keyof VerifyFormValues>(key: K, value: VerifyFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setLibrary = (index: number, row: Partial<LibraryRow>) =>
    setValues((v) => ({ ...v, libraries: v.libraries.map((r, i) => (i === index ? { ...r, ...row } : r)) }));
  const addLibrary = () => setValues((v) => ({ ...v, libraries: [...v.libraries, { name: '', address: '' }].slice(0, MAX_LIBRARY_ROWS) }));
  const removeLibrary = (index: number) =>
    setValues((v) => {
      const rest = v.libraries.filter((_, i) => i !== index);
      return { ...v, libraries: rest.length > 0 ? rest : [{ name: '', address: '' }] };
    });

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const problems = validateVerifyForm(values);
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    setOutcome(null);
    setNetwork(null);
    try {
      const [{ createTransport }, { submitVerification }] = await Promise.all([import('../lib/indexer-api/transport.ts'), import('../lib/indexer-api/contracts.ts')]);
      const { response, result } = await submitVerification(createTransport(indexerUrl), toVerificationRequest(values));
      setNetwork({ status: response.status, statusText: response.statusText, headers: response.headers, data: response.body });
      if (result.success) {
        const message = result.message ?? VERIFY_MESSAGES.success;
        setOutcome({ success: true, message, logs: result.logs });
        try {
          // The page shown next (the verified Contract tab) prints these logs and keeps the verified flag.
          sessionStorage.setItem(verifyLogsKey(values.address), JSON.stringify({ message, logs: result.logs }));
          localStorage.setItem(verifiedStorageKey(values.address.trim()), 'true');
        } catch {
          // Storage blocked: the next page still shows the verified source.
        }
        window.location.assign(successUrl.replace('{address}', encodeURIComponent(values.address.trim())));
        return;
      }
      setOutcome({ success: false, message: result.error ?? VERIFY_MESSAGES.generic, logs: result.logs });
    } catch (error) {
      setOutcome({ success: false, message: error instanceof Error && error.message ? error.message : VERIFY_MESSAGES.generic, logs: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} method="post" action={action} onSubmit={(e) => void submit(e)} className="space-y-4" data-test="verify-form">
      {addressField ? (
        <div>
          <label htmlFor={`${id}-address`} className={label}>Contract Address</label>
          <input id={`${id}-address`} name="address" required pattern="0x[0-9a-fA-F]{40}" placeholder="0x…" value={values.address} onChange={(e) => set('address', e.target.value)} className={`${input} font-mono`} autoComplete="off" spellCheck={false} />
        </div>
      ) : (
        <input type="hidden" name="address" value={values.address} />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>Contract Name</label>
          <input id={`${id}-name`} name="contractName" required value={values.contractName} onChange={(e) => set('contractName', e.target.value)} placeholder="MyToken (or path/File.sol:MyToken)" className={input} autoComplete="off" spellCheck={false} />
        </div>
        <div>
          <label htmlFor={`${id}-license`} className={label}>License</label>
          <select id={`${id}-license`} name="license" value={values.license} onChange={(e) => set('license', e.target.value)} className={input}>
            {LICENSES.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-compiler`} className={label}>Compiler Version</label>
          {compilers.message && <p className="mb-1 text-xs text-amber-800" role="status">{compilers.message}</p>}
          <select
            id={`${id}-compiler`}
            name="compilerVersion"
            required
            value={values.compilerVersion}
            onChange={(e) => setValues((v) => ({ ...v, compilerVersion: e.target.value, evmVersion: formEvmVersion(e.target.value) }))}
            className={`${input} font-mono`}
            data-test="compiler-select"
          >
            <option value="">Select a compiler</option>
            {compilers.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-evm`} className={label}>EVM Version</label>
          <select id={`${id}-evm`} name="evmVersion" value={values.evmVersion} onChange={(e) => set('evmVersion', e.target.value)} className={input} data-test="evm-select">
            {FORM_EVM_VERSIONS.map((v) => <option key={v} value={v}>{v}</option>)}
          </select>
        </div>
      </div>
      {/* Runs show only with the optimizer on: a CSS sibling rule, so the plain form behaves the same without JavaScript. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input id={`${id}-opt`} type="checkbox" name="optimizationUsed" value="on" checked={values.optimizationUsed} onChange={(e) => set('optimizationUsed', e.target.checked)} className="peer size-4 rounded border-slate-300" data-test="optimization" />
        <label htmlFor={`${id}-opt`} className="mr-4 text-sm text-slate-800">Optimization enabled</label>
        <label className="hidden items-center gap-2 text-sm text-slate-800 peer-checked:flex">
          Runs
          <input type="number" name="runs" min={VERIFICATION_DEFAULTS.minRuns} max={VERIFICATION_DEFAULTS.maxRuns} step={1} value={values.runs} onChange={(e) => set('runs', e.target.value)} className={`${input} w-28`} data-test="runs" />
        </label>
      </div>
      <div>
        <label htmlFor={`${id}-source`} className={label}>Source Code</label>
        <p className="mb-1 text-xs text-slate-600">One Solidity file with its imports inlined, or a Solidity standard JSON input (what Hardhat and Foundry build).</p>
        <textarea id={`${id}-source`} name="sourceCode" required rows={14} value={values.sourceCode} onChange={(e) => set('sourceCode', e.target.value)} className={`${input} font-mono text-xs`} spellCheck={false} data-test="source" />
      </div>
      <div>
        <label htmlFor={`${id}-args`} className={label}>Constructor Arguments (optional, ABI-encoded)</label>
        <input id={`${id}-args`} name="constructorArguments" value={values.constructorArguments} onChange={(e) => set('constructorArguments', e.target.value)} placeholder="0x… (taken from the creation transaction when empty)" className={`${input} font-mono`} spellCheck={false} />
      </div>
      <fieldset className="space-y-2">
        <legend className={label}>Libraries (optional)</legend>
        {values.libraries.map((row, i) => (
          <div key={i} className="flex flex-wrap gap-2" data-test="library-row">
            <input name="libraryName" aria-label={`Library ${i + 1} name`} placeholder="Library name" value={row.name} onChange={(e) => setLibrary(i, { name: e.target.value })} className={`${input} max-w-48`} />
            <input name="libraryAddress" aria-label={`Library ${i + 1} address`} placeholder="0x…" value={row.address} onChange={(e) => setLibrary(i, { address: e.target.value })} className={`${input} max-w-md font-mono`} />
            <button type="button" onClick={() => removeLibrary(i)} disabled={removeDisabled(values.libraries)} className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50">Remove</button>
          </div>
        ))}
        <button type="button" onClick={addLibrary} disabled={values.libraries.length >= MAX_LIBRARY_ROWS} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-50">Add library</button>
      </fieldset>
      {errors.length > 0 && (
        <ul className="list-inside list-disc rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" role="alert" data-test="form-errors">
          {errors.map((e) => <li key={e}>{e}</li>)}
        </ul>
      )}
      <button type="submit" disabled={busy} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60" data-test="verify-submit">
        {busy ? 'Verifying...' : 'Verify Contract'}
      </button>
      <div aria-live="polite">{outcome && <ResultBox {...outcome} />}</div>
      {network && <NetworkBox {...network} />}
    </form>
  );
}
