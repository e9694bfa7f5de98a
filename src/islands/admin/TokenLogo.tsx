interface Props {
  /** A logo under the site's own /token-logos/, or null (the initials show). */
  logo: string | null;
  initials: string;
  size?: 'sm' | 'lg';
}

const BOX = { sm: 'size-8 text-xs', lg: 'size-12 text-base' } as const;
const PIXELS = { sm: 32, lg: 48 } as const;

/**
 * A token's logo over its initials, as src/components/tokens/TokenLogo.astro draws it (loading, found,
 * failed). The head script records the image's outcome on the box (data-img="logo"); a new logo is a new <img>, so a
 * failure of the old one never hides it.
 */
export function TokenLogo({ logo, initials, size = 'sm' }: Props) {
  return (
    <span aria-hidden="true" data-test="token-logo" data-state={logo ? 'loading' : 'failed'} className={`inline-grid shrink-0 overflow-hidden rounded-full ${BOX[size]}`}>
      <span data-test="token-initials" className="col-start-1 row-start-1 grid place-items-center rounded-full bg-indigo-100 font-semibold leading-none text-indigo-800">
        {initials}
      </span>
      {logo && (
        <img
          key={logo}
          src={logo}
          alt=""
          width={PIXELS[size]}
          height={PIXELS[size]}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          data-test="token-logo-img"
          data-img="logo"
          className="col-start-1 row-start-1 size-full rounded-full bg-white object-cover"
        />
      )}
    </span>
  );
}
