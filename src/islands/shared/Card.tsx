import type { ReactNode } from 'react';

interface Props {
  title?: string;
  /** Beside the title (links, a toggle). */
  actions?: ReactNode;
  id?: string | undefined;
  test?: string | undefined;
  className?: string | undefined;
  /** The body's classes ('p-4' by default). */
  bodyClassName?: string;
  children: ReactNode;
}

/** The site's card, as src/components/ui/Card.astro draws it, for islands: a titled section with its body. */
export function Card({ title, actions, id, test, className, bodyClassName = 'p-4', children }: Props) {
  return (
    <section id={id} className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className ?? ''}`.trim()} data-test={test}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          {title && <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
          {actions}
        </header>
      )}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
