/** The text equivalent of a chart: its data as a table (readers without JavaScript, screen readers). */
export function DataTable({ caption, columns, rows, test }: { caption: string; columns: string[]; rows: (string | number | null)[][]; test: string }) {
  return (
    <div className="max-h-72 overflow-auto rounded border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full text-left text-xs" data-test={test}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-1 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="px-2 py-1 text-slate-800">
                  {cell === null ? '—' : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
