/** The raw answer of the verification call. */
export interface NetworkResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: unknown;
}

/** The network-response box of the verification form: status, headers and data of the indexer's answer. */
export function NetworkBox({ status, statusText, headers, data }: NetworkResponse) {
  return (
    <details className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800" data-test="network-response">
      <summary className="cursor-pointer font-medium">Network response: {status} {statusText}</summary>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="font-medium">Status</dt>
          <dd className="font-mono text-xs">{status} {statusText}</dd>
        </div>
        <div>
          <dt className="font-medium">Headers</dt>
          <dd>
            <pre tabIndex={0} className="max-h-40 overflow-auto font-mono text-xs">{Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Data</dt>
          <dd>
            <pre tabIndex={0} className="max-h-72 overflow-auto whitespace-pre-wrap break-words font-mono text-xs">{typeof data === 'string' ? data : JSON.stringify(data, null, 2)}</pre>
          </dd>
        </div>
      </dl>
    </details>
  );
}
