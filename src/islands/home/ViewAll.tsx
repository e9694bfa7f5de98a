interface Props {
  href: string;
  /** What the link lists, read by screen readers after 'View All'. */
  what: string;
  onClick: () => void;
  test: string;
}

/** A feed's View All link; clicking it resets the feed's new-item counter. */
export function ViewAll({ href, what, onClick, test }: Props) {
  return (
    <a href={href} onClick={onClick} data-test={test} className="text-sm font-medium text-indigo-700 hover:underline">
      View All<span className="sr-only"> {what}</span>
    </a>
  );
}
