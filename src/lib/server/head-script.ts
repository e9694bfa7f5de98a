import { FAILED_IMAGE_PLACEHOLDER, placeholderSrc } from '../nfts/image.ts';
import { AFTER_PAINT_LOADER } from './late-scripts.ts';
import { THEME_COOKIE } from '../page/theme.ts';

/**
 * The theme of the theme_preference cookie on <html>, before the first paint: prerendered pages (built as `system`)
 * and pages an HTTP cache kept for another visitor get the visitor's own (src/lib/page/theme.ts reads the cookie alike on
 * the server: light or dark, anything else is system).
 */
export const THEME_FROM_COOKIE =
  `document.documentElement.setAttribute('data-theme',(/(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)/.exec(document.cookie)||[0,'system'])[1]);`;

/**
 * The outcome of the images that show it, listened for on the document (image load and error events do not bubble,
 * but the capture phase reaches the document first), so no image needs an inline handler the page's
 * Content-Security-Policy would refuse (src/lib/server/security-headers.ts). Registered in the head, before any image
 * is parsed:
 * - a token logo (`data-img="logo"`) records found or failed on its box (the initials beneath show when it failed);
 * - an NFT image (`data-img="nft"`) that fails is swapped once for placeholder 1; data-failed marks
 *   the swap, so a failing placeholder cannot loop.
 */
export const IMAGE_EVENTS =
  "(function(){function f(e){var t=e.target,k=t&&t.getAttribute&&t.getAttribute('data-img');if(!k)return;var bad=e.type==='error';" +
  "if(k==='logo'){if(t.parentElement)t.parentElement.setAttribute('data-state',bad?'failed':'found');if(bad)t.hidden=true}" +
  `else if(k==='nft'&&bad&&!t.hasAttribute('data-failed')){t.setAttribute('data-failed','1');t.removeAttribute('srcset');t.src='${placeholderSrc(FAILED_IMAGE_PLACEHOLDER)}'}}` +
  "document.addEventListener('load',f,true);document.addEventListener('error',f,true)})();";

/**
 * The document's one inline script, in the head, run before the first paint: marks the document as scripted (so
 * controls that need JavaScript, the copy buttons, are laid out from the start and showing them never shifts the
 * page), applies the visitor's theme, watches the images' outcomes and loads the page's module scripts after the
 * first paint (src/lib/server/late-scripts.ts).
 */
export const HEAD_SCRIPT =
  "document.documentElement.classList.add('js');" +
  THEME_FROM_COOKIE +
  IMAGE_EVENTS +
  AFTER_PAINT_LOADER;
