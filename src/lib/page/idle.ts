/**
 * Resolves when the browser is next idle (at most a second later), or on the next task where it cannot tell: heavy
 * work started there (evaluating uPlot, drawing a chart) does not hold up input right after load on a slow phone.
 */
export function nextIdle(): Promise<void> {
  return new Promise((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0)));
}
