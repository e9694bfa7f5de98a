import { groupFunctions, type ContractFunction } from '../../lib/contracts/functions.ts';

interface Props {
  functions: ContractFunction[];
  kinds: ('read' | 'write')[];
  selected: string | null;
  /** The link of a function (works without JavaScript: the server renders the selection). */
  hrefOf: (fn: ContractFunction) => string;
  onSelect: (fn: ContractFunction) => void;
}

const HEADINGS = { read: 'Read Functions', write: 'Write Functions' } as const;

/** Read Functions and Write Functions, grouped by state mutability, each a link to its selection. */
export function FunctionList({ functions, kinds, selected, hrefOf, onSelect }: Props) {
  return (
    <div className="space-y-4" data-test="function-list">
      {kinds.map((kind) => {
        const groups = groupFunctions(functions, kind);
        return (
          <section key={kind} aria-label={HEADINGS[kind]} data-test={`${kind}-functions`}>
            <h3 className="text-sm font-semibold text-slate-900">{HEADINGS[kind]}</h3>
            {groups.length === 0 && <p className="mt-1 text-sm text-slate-600">{kind === 'read' ? 'This contract has no read functions' : 'This contract has no write functions'}</p>}
            {groups.map((group) => (
              <div key={group.mutability} className="mt-2">
                <p className="text-xs font-medium uppercase tracking-wide text-slate-600" data-test="mutability-group">{group.label}</p>
                <ul className="mt-1 space-y-1">
                  {group.functions.map((fn) => {
                    const current = fn.signature === selected;
                    return (
                      <li key={fn.signature}>
                        <a
                          href={hrefOf(fn)}
                          aria-current={current ? 'true' : undefined}
                          data-test="function"
                          data-signature={fn.signature}
                          onClick={(event) => {
                            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                            event.preventDefault();
                            onSelect(fn);
                          }}
                          className={`block rounded-md border px-3 py-1.5 font-mono text-xs break-all ${current ? 'border-indigo-500 bg-indigo-50 text-indigo-900' : 'border-slate-200 bg-white text-slate-800 hover:border-indigo-300'}`}
                        >
                          {fn.signature}
                          {fn.outputs.length > 0 && <span className={current ? 'text-indigo-800' : 'text-slate-600'}> → {fn.outputs.map((o) => o.type).join(', ')}</span>}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
