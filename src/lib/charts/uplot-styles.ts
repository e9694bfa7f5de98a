// uPlot's stylesheet, as text so it travels in the lazy chart chunks that import this (a plain CSS import of a lazy
// client chunk is dropped by the build); added to the document once, by whichever chart is drawn first.
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

export function addUplotStyles(): void {
  if (document.querySelector('style[data-uplot]')) return;
  const style = document.createElement('style');
  style.dataset['uplot'] = '';
  style.textContent = uPlotCss;
  document.head.append(style);
}
