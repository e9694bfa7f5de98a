/**
 * Resolves when the browser is next idle (at most a second later), or on the next task where it cannot tell: heavy
 * work started there (evaluating uPlot, drawing a chart) does not hold up input right after load on a slow phone.
 */
export function nextIdle(): Promise<void> {
  return new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0)));
}

/**
 * Draws each of `elements` once it comes into view: its drawing code is loaded (`load`, an import() of the chart's
 * module) and run, each on an idle moment, so that neither the code nor uPlot is part of the page's first JavaScript.
 * data-state says 'loading', then what the drawing sets, or 'failed'. Without IntersectionObserver nothing is drawn:
 * the table beside each chart stays its figures.
 */
export function drawWhenVisible(elements: Iterable<Element>, load: () => Promise<(root: HTMLElement) => void>): void {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const root = entry.target as HTMLElement;
      root.dataset['state'] = 'loading';
      nextIdle()
        .then(load)
        .then(async (draw) => {
          await nextIdle();
          draw(root);
        })
        .catch(() => {
          root.dataset['state'] = 'failed';
        });
    }
  });
  for (const el of elements) observer.observe(el);
}
