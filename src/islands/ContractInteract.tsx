import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { formatResult } from '../lib/contracts/abi-output.ts';
import { contractFunctions, outputLabel, typeLabel, type ContractFunction } from '../lib/contracts/functions.ts';
import { INTERACT_MESSAGES, type InteractMode, type InteractPlace, type ReadOutcome } from '../lib/contracts/interact.ts';
import { createInteractController, WRITE_STATUS_TEXT, type WriteState } from '../lib/contracts/interact-controller.ts';
import { discoverWallets, type WalletChoice } from '../lib/contracts/wallet.ts';
import { callContractFunction } from '../lib/indexer-api/contracts.ts';
import { rpcCall } from '../lib/indexer-api/rpc.ts';
import { browserTransport } from '../lib/indexer-api/transport.ts';
import type { AbiEntry } from '../lib/model/types.ts';
import { blockUrl, txUrl } from '../lib/url/links.ts';
import { FunctionList } from './contracts/FunctionList.tsx';

interface Props {
  address: string;
  /** The verified ABI (the implementation's when used as a proxy). */
  abi: AbiEntry[];
  mode: InteractMode;
  asProxy: boolean;
  place: InteractPlace;
  indexerUrl: string;
  /** The view's URL path and query (without fn, arg, value): links and the plain form lead back here. */
  path: string;
  query: Record<string, string>;
  /** What the server rendered: the selected function, its inputs, and a read's outcome (JavaScript off). */
  initial?: { signature: string; args: string[]; value: string; outcome: ReadOutcome | null } | null;
}

const input = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

function viewHref(path: string, query: Record<string, string>, extra: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...query, ...extra }).toString()}`;
}

/** The read/write interface: one island for the address page's Read and Write and the contract page's Interact. */
export default function ContractInteract({ address, abi, mode, asProxy, place, indexerUrl, path, query, initial = null }: Props) {
  const functions = useMemo(() => contractFunctions(abi).filter((f) => mode === 'all' || f.kind === mode), [abi, mode]);
  const [selected, setSelected] = useState<ContractFunction | null>(() => functions.find((f) => f.signature === initial?.signature) ?? null);
  const [args, setArgs] = useState<string[]>(initial?.args ?? []);
  const [value, setValue] = useState(initial?.value ?? '');
  // The reads, the wallet flow and the receipt polling live in the controller; this component renders its state.
  // The island's props never change after hydration, so the controller is made once.
  const [controller] = useState(() =>
    createInteractController({
      address,
      asProxy,
      place,
      callFunction: (a, call, request) => callContractFunction(browserTransport(indexerUrl), a, call, request),
      rpc: (method, params) => rpcCall(browserTransport(indexerUrl), method, params),
      discoverWallets: () => discoverWallets(window),
      encodeCall: async (fn, values) => (await import('../lib/contracts/encode.ts')).encodeCall(fn, values),
      sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      initialRead: initial?.outcome ?? null,
    }),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const { busy, read, write } = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  const select = (fn: ContractFunction) => {
    controller.reset();
    setSelected(fn);
    setArgs(fn.inputs.map(() => ''));
    setValue('');
    window.history.replaceState(null, '', viewHref(path, query, { fn: fn.signature }));
  };

  if (functions.length === 0 && mode !== 'all') {
    return <p className="text-sm text-slate-600" data-test="no-functions">{mode === 'read' ? INTERACT_MESSAGES.noReadFunctions : INTERACT_MESSAGES.noWriteFunctions}</p>;
  }

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-test="interact">
      <FunctionList
        functions={functions}
        kinds={mode === 'all' ? ['read', 'write'] : [mode]}
        selected={selected?.signature ?? null}
        hrefOf={(fn) => viewHref(path, query, { fn: fn.signature })}
        onSelect={select}
      />
      <div className="min-w-0">
        {!selected ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600" data-test="select-prompt">{INTERACT_MESSAGES.selectFunction}</p>
        ) : (
          <form
            method="get"
            action={path}
            className="space-y-3 rounded-md border border-slate-200 p-4"
            data-test="function-panel"
            onSubmit={(event) => {
              event.preventDefault();
              void controller.execute(selected, args, value);
            }}
          >
            {Object.entries(query).map(([name, v]) => <input key={name} type="hidden" name={name} value={v} />)}
            <input type="hidden" name="fn" value={selected.signature} />
            <h3 className="font-mono text-sm font-semibold break-all text-slate-900" data-test="selected-function">{selected.signature}</h3>
            <p className="text-xs text-slate-600">
              {selected.mutability}
              {selected.outputs.length > 0 && <> · returns {selected.outputs.map(outputLabel).join(', ')}</>}
            </p>
            {selected.inputs.length === 0 && <p className="text-sm text-slate-600" data-test="no-inputs">{INTERACT_MESSAGES.noInputs}</p>}
            {selected.inputs.map((param, i) => (
              <label key={`${selected.signature}-${i}`} className="block text-sm">
                <span className="font-medium text-slate-800">{param.name || `#${i + 1}`}</span> <span className="font-mono text-xs text-slate-500">{typeLabel(param)}</span>
                <input
                  className={`mt-1 ${input}`}
                  name="arg"
                  value={args[i] ?? ''}
                  placeholder={INTERACT_MESSAGES.inputPlaceholder(typeLabel(param))}
                  autoComplete="off"
                  spellCheck={false}
                  data-test="function-input"
                  onChange={(event) => {
                    const next = [...args];
                    next[i] = event.target.value;
                    setArgs(next);
                  }}
                />
              </label>
            ))}
            {selected.payable && (
              <label className="block text-sm">
                <span className="font-medium text-slate-800">{INTERACT_MESSAGES.valueLabel}</span>
                <input className={`mt-1 ${input}`} name="value" value={value} placeholder="0" inputMode="decimal" autoComplete="off" data-test="value-input" onChange={(event) => setValue(event.target.value)} />
              </label>
            )}
            {selected.kind === 'write' && (
              <noscript>
                <p className="text-sm text-amber-800">{INTERACT_MESSAGES.writeNeedsScript}</p>
              </noscript>
            )}
            <button type="submit" name="run" value="1" disabled={busy} data-test="execute" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70">
              {busy ? INTERACT_MESSAGES.executing : INTERACT_MESSAGES.execute(selected.name)}
            </button>
            <ReadResult outcome={read} />
            <WriteResult state={write} onChoose={(wallet) => void controller.choose(selected, args, value, wallet)} />
          </form>
        )}
      </div>
    </div>
  );
}

function ReadResult({ outcome }: { outcome: ReadOutcome | null }) {
  if (!outcome) return null;
  if (!outcome.ok) {
    return <p role="alert" className="whitespace-pre-line rounded-md border border-red-300 bg-red-50 p-3 text-sm break-words text-red-900" data-test="interact-error">{outcome.message}</p>;
  }
  const shown = formatResult(outcome.result);
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950" data-test="interact-result">
      <p className="text-xs font-medium text-green-800">Result{outcome.outputs.length > 0 && <> ({outcome.outputs.map((o) => (o.name ? `${o.type} ${o.name}` : o.type)).join(', ')})</>}</p>
      {shown.kind === 'json' ? (
        <pre tabIndex={0} className="mt-1 max-h-80 overflow-auto font-mono text-xs whitespace-pre-wrap break-all" data-test="result-value">{shown.text}</pre>
      ) : (
        <p className="mt-1 font-mono break-all whitespace-pre-wrap" data-test="result-value">{shown.text}</p>
      )}
    </div>
  );
}

function WriteResult({ state, onChoose }: { state: WriteState | null; onChoose: (wallet: WalletChoice) => void }) {
  if (!state) return null;
  if (state.stage === 'error') {
    return <p role="alert" className="whitespace-pre-line rounded-md border border-red-300 bg-red-50 p-3 text-sm break-words text-red-900" data-test="interact-error">{state.message}</p>;
  }
  if (state.stage === 'choose') {
    return (
      <div className="rounded-md border border-slate-200 p-3 text-sm" data-test="wallet-choice">
        <p className="font-medium text-slate-900">Several wallets are installed: which one should send the transaction?</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {state.wallets.map((w) => (
            <li key={w.id}>
              <button type="button" onClick={() => onChoose(w)} className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 hover:border-indigo-400" data-test="wallet-option">
                {w.icon && <img src={w.icon} alt="" width={20} height={20} />}
                {w.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div role="status" className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-test="write-result" data-status={state.status}>
      <p>
        Transaction sent:{' '}
        <a href={txUrl(state.hash)} className="font-mono break-all text-indigo-700 underline" data-test="write-hash">{state.hash}</a>
      </p>
      <p data-test="write-status">
        {WRITE_STATUS_TEXT[state.status]}
        {state.block !== null && <> in block <a href={blockUrl(state.block)} className="text-indigo-700 underline">{state.block}</a></>}
      </p>
    </div>
  );
}
