import { AFTER_PAINT_LOADER } from './server/late-scripts.ts';

/**
 * The document's one inline script, in the head, run before the first paint: marks the document as scripted (so
 * controls that need JavaScript, the copy buttons, are laid out from the start and showing them never shifts the
 * page), adds the site's whole stylesheet after the load event (the page inlines only its own part of it:
 * src/lib/server/critical-css.ts), and loads the page's module scripts after the first paint (late-scripts.ts).
 */
export const HEAD_SCRIPT =
  "document.documentElement.classList.add('js');" +
  "addEventListener('load',function(){var s=document.querySelector('style[data-full-css]');if(s){var l=document.createElement('link');l.rel='stylesheet';l.href=s.getAttribute('data-full-css');document.head.appendChild(l)}});" +
  AFTER_PAINT_LOADER;
