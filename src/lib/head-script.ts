import { AFTER_PAINT_LOADER } from './server/late-scripts.ts';

/**
 * The document's one inline script, in the head, run before the first paint: marks the document as scripted (so
 * controls that need JavaScript, the copy buttons, are laid out from the start and showing them never shifts the
 * page), and loads the page's module scripts after the first paint (src/lib/server/late-scripts.ts).
 */
export const HEAD_SCRIPT =
  "document.documentElement.classList.add('js');" +
  AFTER_PAINT_LOADER;
