import { shortenAddress } from '../../lib/format/index.ts';
import { addressUrl } from '../../lib/url/links.ts';

interface Props {
  address: string | null;
  /** Shown when there is no address. */
  fallback?: string;
}

/** A shortened address linking to its page, the React twin of ui/AddressLink.astro. */
export function AddressText({ address, fallback = '—' }: Props) {
  if (!address) return <span className="text-slate-700">{fallback}</span>;
  return (
    <a href={addressUrl(address)} title={address} data-test="address" className="font-mono text-indigo-700 hover:underline">
      {shortenAddress(address)}
    </a>
  );
}
