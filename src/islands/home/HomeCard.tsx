import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** Header content beside the title (badges, links). */
  actions?: ReactNode;
  children: ReactNode;
  test: string;
}

/** A white card with a titled header, the React twin of ui/Card.astro for the home islands. */
export function HomeCard({ title, actions, children, test }: Props) {
  return (
    <section className="h-full rounded-lg border border-slate-200 bg-white shadow-sm" data-test={test}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions && <div className="flex items-center gap-3">{actions}</div>}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}
