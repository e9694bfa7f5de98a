// Module scripts of a page (the live parts: the header's gas price, the new-transactions banner, relative ages) are
// fetched after the first paint, so on a slow link the HTML has the connection to itself until the page is on
// screen. The page names each one in a placeholder (`<script type="text/x-after-paint" data-src="…">`, which the
// browser neither runs nor fetches); the head script adds the real module scripts, in document order, once the
// document is parsed and its first content painted (where the browser reports paints; else once parsed; and in any
// case 10 s after the load event, should a visible paint never be reported). When they have all run, <html> gets
// data-scripts="ready" (the live parts have started their timers). Island code is not named here: Astro loads it
// on each island's own directive.

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** The page with its external module scripts turned into after-paint placeholders. */
export function deferModuleScripts(html: string): string {
  return html.replace(MODULE_SCRIPT, (_m, src: string) => `<script type="text/x-after-paint" data-src="${src}"></script>`);
}

/**
 * The head script's part that loads them (inline, before the first paint). Kept in ES5 so it runs everywhere a
 * module script would not break anything.
 */
export const AFTER_PAINT_LOADER =
  "(function(){var p=0,d=0,done=0;function go(){if(done||!p||!d)return;done=1;var s=document.querySelectorAll('script[type=\"text/x-after-paint\"]'),left=s.length,h=document.documentElement;" +
  "function one(){if(--left<=0)h.setAttribute('data-scripts','ready')}if(!left)h.setAttribute('data-scripts','ready');" +
  "for(var i=0;i<s.length;i++){var n=document.createElement('script');n.type='module';n.async=false;n.onload=n.onerror=one;n.src=s[i].getAttribute('data-src');document.head.appendChild(n)}}" +
  "var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];" +
  "if(t.indexOf('paint')<0)p=1;else new PerformanceObserver(function(l){var e=l.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==='first-contentful-paint')p=1;go()}).observe({type:'paint',buffered:true});" +
  "document.addEventListener('DOMContentLoaded',function(){d=1;go()});addEventListener('load',function(){d=1;go();setTimeout(function(){p=1;go()},10000)})})()";
