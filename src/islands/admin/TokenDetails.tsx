import type { AdminRow } from '../../lib/admin/types.ts';
import { TokenLogo } from './TokenLogo.tsx';

/** The chosen token: its current logo, Name, Symbol, Address, Decimals (default 18); else how to choose one. */
export function TokenDetails({ token }: { token: AdminRow | null }) {
  if (token === null) {
    return <p data-admin-placeholder className="text-sm text-slate-700">Choose a token from the list to see its details and upload its logo.</p>;
  }
  const fields = [
    ['Name', 'name', token.name, 'min-w-0 break-words text-slate-900'],
    ['Symbol', 'symbol', token.symbol, 'min-w-0 break-words text-slate-900'],
    ['Address', 'address', token.address, 'min-w-0 break-all font-mono text-xs text-slate-900'],
    ['Decimals', 'decimals', String(token.decimals), 'text-slate-900'],
  ] as const;
  return (
    <div data-admin-details className="flex items-start gap-3">
      <span data-admin-current-logo data-test="admin-current-logo">
        <TokenLogo logo={token.logo} initials={token.initials} size="lg" />
      </span>
      <dl className="min-w-0 flex-1 space-y-1 text-sm" data-test="admin-details">
        {fields.map(([label, field, value, style]) => (
          <div key={field} className="flex gap-2">
            <dt className="w-20 shrink-0 text-slate-700">{label}</dt>
            <dd className={style} data-field={field}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
