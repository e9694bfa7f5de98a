import { AFTER_PAINT_LOADER } from './server/late-scripts.ts';
import { THEME_COOKIE } from './theme.ts';

/**
 * The theme of the theme_preference cookie on <html>, before the first paint: prerendered pages (built as `system`)
 * and pages an HTTP cache kept for another visitor get the visitor's own (src/lib/theme.ts reads the cookie alike on
 * the server: light or dark, anything else is system).
 */
export const THEME_FROM_COOKIE =
  `document.documentElement.setAttribute('data-theme',(/(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)/.exec(document.cookie)||[0,'system'])[1]);`;

/**
 * The document's one inline script, in the head, run before the first paint: marks the document as scripted (so
 * controls that need JavaScript, the copy buttons, are laid out from the start and showing them never shifts the
 * page), applies the visitor's theme, and loads the page's module scripts after the first paint
 * (src/lib/server/late-scripts.ts).
 */
export const HEAD_SCRIPT =
  "document.documentElement.classList.add('js');" +
  THEME_FROM_COOKIE +
  AFTER_PAINT_LOADER;
