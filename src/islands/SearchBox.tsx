import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SEARCH_DEBOUNCE_MS, loadSuggestions, type Suggestion } from '../lib/search/suggestions.ts';

interface Props {
  indexerUrl: string;
  idPrefix: string;
  /** Larger variant for the home hero. */
  size?: 'sm' | 'lg';
}

type State =
  | { kind: 'empty' }
  | { kind: 'loading' }
  | { kind: 'results'; items: Suggestion[] }
  | { kind: 'none' };

const PLACEHOLDER = 'Search by Block / Txn / Address / Token';

/** A token's logo in a suggestion, over its initials (which stay when there is no logo or it fails to load). */
function SuggestionLogo({ logo, initials }: { logo: string | null; initials: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span aria-hidden="true" data-test="suggestion-logo" className="mr-2 inline-grid size-5 overflow-hidden rounded-full align-middle text-[9px]">
      <span className="col-start-1 row-start-1 grid place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-800">{initials}</span>
      {logo && !failed && <img src={logo} alt="" width={20} height={20} className="col-start-1 row-start-1 size-full rounded-full bg-white object-cover" onError={() => setFailed(true)} />}
    </span>
  );
}

/** Header search: a plain GET form on the server, debounced suggestions once the visitor starts using it. */
export default function SearchBox({ indexerUrl, idPrefix, size = 'sm' }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // The last answer and the query it answers: the state shown is derived from it, so typing never sets state twice.
  const [answer, setAnswer] = useState<{ q: string; state: State } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${idPrefix}-${useId().replace(/:/g, '')}-list`;

  // Hydration happens on first focus: keep whatever was typed before the code arrived.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setQuery(input.value);
    setOpen(document.activeElement === input);
  }, []);

  const trimmed = query.trim();
  const state: State = !trimmed ? { kind: 'empty' } : answer?.q === trimmed ? answer.state : { kind: 'loading' };

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadSuggestions(indexerUrl, q, controller.signal)
        .then((items) => setAnswer({ q, state: items.length ? { kind: 'results', items } : { kind: 'none' } }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ q, state: { kind: 'none' } });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, indexerUrl]);

  const items = state.kind === 'results' ? state.items : [];

  function go(href: string) {
    setOpen(false);
    window.location.assign(href);
  }

  function choose(item: Suggestion) {
    const q = query.trim();
    go(item.address ? `/address/${item.address}` : `/search?q=${encodeURIComponent(q)}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the box shows is what is searched: text typed while the island hydrated may not be in its state yet.
    const q = (inputRef.current?.value ?? query).trim();
    if (!q) return;
    const picked = active >= 0 ? items[active] : undefined;
    if (picked) choose(picked);
    else go(`/search?q=${encodeURIComponent(q)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const showPanel = open && state.kind !== 'empty';
  const inputClass =
    size === 'lg'
      ? 'w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500'
      : 'w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500';

  return (
    <form action="/search" method="get" role="search" className="relative flex gap-2" onSubmit={onSubmit} data-test="search-form">
      <label htmlFor={`${idPrefix}-q`} className="sr-only">
        Search
      </label>
      <input
        ref={inputRef}
        id={`${idPrefix}-q`}
        name="q"
        type="search"
        required
        pattern=".*\S.*"
        title="Enter a block number, transaction hash, address or token"
        autoComplete="off"
        placeholder={PLACEHOLDER}
        className={inputClass}
        value={query}
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="rounded-md bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-700">
        Search
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!showPanel}
        data-test="search-suggestions"
        data-state={state.kind}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white text-sm shadow-lg"
      >
        {state.kind === 'loading' && <p className="px-3 py-2 text-slate-600">Searching…</p>}
        {state.kind === 'none' && <p className="px-3 py-2 text-slate-600">No results found</p>}
        {items.map((item, i) => (
          <div
            key={`${item.kind}-${item.label}-${i}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(item);
            }}
          >
            {item.initials !== undefined && <SuggestionLogo logo={item.logo ?? null} initials={item.initials} />}
            <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium uppercase text-slate-700">{item.kind}</span>
            <span className="break-all text-slate-900">{item.label}</span>
            {item.detail && <span className="ml-2 text-slate-600">{item.detail}</span>}
          </div>
        ))}
      </div>
    </form>
  );
}
