import { useState } from 'react';

interface Props {
  success: boolean;
  message: string;
  logs: string[];
}

/** The green success box or red error box of a verification, with its logs behind Show/Hide. */
export function ResultBox({ success, message, logs }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div
      role={success ? 'status' : 'alert'}
      data-test={success ? 'verify-success' : 'verify-error'}
      className={success ? 'rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900' : 'rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900'}
    >
      <p className="font-semibold">{success ? 'Contract Verified Successfully!' : message}</p>
      {success && message !== 'Contract Verified Successfully!' && <p className="mt-1">{message}</p>}
      {logs.length > 0 && (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="mt-2 text-sm font-medium underline">
            {open ? (success ? 'Hide logs' : 'Hide details') : success ? 'Show logs' : 'Show details'}
          </button>
          {open && <pre tabIndex={0} className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded bg-white/70 p-2 font-mono text-xs" data-test="verify-logs">{logs.join('\n')}</pre>}
        </>
      )}
    </div>
  );
}
