// Module scripts of a page (the live parts: the header's gas price, the new-transactions banner, relative ages) are
// fetched after the first paint, so on a slow link the HTML has the connection to itself until the page is on
// screen. The page names each one in a placeholder (`<script type="text/x-after-paint" data-src="…">`, which the
// browser neither runs nor fetches); the head script adds the real module scripts, in document order, once the
// document is parsed and its first content painted (where the browser reports paints; else once parsed; and in any
// case 10 s after the load event, should a visible paint never be reported). When they have all run, <html> gets
// data-scripts="ready" (the live parts have started their timers). Island code is not named here: Astro loads it
// on each island's own directive.
//
// Astro's island runtime (the <astro-island> element, 4.4 KB) is inlined by Astro before a page's first island, and
// every page has one (the header's search box). It is loaded the same way, from a file of its own: the build writes it
// as /_astro/astro-island.{hash of its text}.js (immutable, precompressed, cached once for every page), and the page
// names it in a placeholder where Astro had inlined it. That takes about 1.7 KB of compressed HTML and one CSP hash off
// every page, which is the difference between a list page's HTML arriving in the first round trip of a slow link or
// in two. The islands hydrate as they did, once it has run: each waits for its directive (idle, visible, interaction,
// news), and the directives' own small scripts stay inline.
import { createHash } from 'node:crypto';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** Astro's island runtime as Astro inlines it into a page. */
const INLINE_ISLAND_RUNTIME = `<script>${islandRuntime}</script>`;

/** The island runtime's file in the client build (written there by the build's precompress step). */
export const ISLAND_RUNTIME = {
  path: `/_astro/astro-island.${createHash('sha256').update(islandRuntime).digest('base64url').slice(0, 10)}.js`,
  source: islandRuntime,
} as const;

function placeholder(src: string): string {
  return `<script type="text/x-after-paint" data-src="${src}"></script>`;
}

/**
 * The page with its external module scripts, and Astro's inlined island runtime, turned into after-paint
 * placeholders. Only for a built site: the runtime's file exists where the build wrote it.
 */
export function scriptsAfterPaint(html: string): string {
  const at = html.indexOf(INLINE_ISLAND_RUNTIME);
  const withRuntime = at < 0 ? html : html.slice(0, at) + placeholder(ISLAND_RUNTIME.path) + html.slice(at + INLINE_ISLAND_RUNTIME.length);
  return withRuntime.replace(MODULE_SCRIPT, (_m, src: string) => placeholder(src));
}

/**
 * The head script's part that loads them (inline, before the first paint). Kept in ES5 so it runs everywhere a
 * module script would not break anything. Once the document is parsed and its first content painted, it waits for
 * one more frame: the browser's first paint often comes while the parser is still in the page, and the rest of it,
 * the largest paint among it, is painted in the frame after the parse ends. Started before that frame, the scripts'
 * requests count as work the largest paint waited for in Lighthouse's simulation of a slow link (130–180 ms of
 * "element render delay" on the list pages). The frame is seen through a ResizeObserver (its first report comes in
 * the next frame's rendering steps), and the scripts start in a task posted from there (a MessageChannel's), after
 * that frame's paint: neither is a timer, so a test's paused clock does not hold the page's scripts. A hidden tab,
 * which runs no frames, starts them at once.
 */
export const AFTER_PAINT_LOADER =
  "(function(){var p=0,d=0,done=0,h=document.documentElement;function go(){if(done||!p||!d)return;done=1;" +
  "if(document.visibilityState==='hidden'||!window.ResizeObserver||!window.MessageChannel)return run();" +
  "var o=new ResizeObserver(function(){o.disconnect();var c=new MessageChannel();c.port1.onmessage=run;c.port2.postMessage(0)});o.observe(h)}" +
  "function run(){var s=document.querySelectorAll('script[type=\"text/x-after-paint\"]'),left=s.length;" +
  "function one(){if(--left<=0)h.setAttribute('data-scripts','ready')}if(!left)h.setAttribute('data-scripts','ready');" +
  "for(var i=0;i<s.length;i++){var n=document.createElement('script');n.type='module';n.async=false;n.onload=n.onerror=one;n.src=s[i].getAttribute('data-src');document.head.appendChild(n)}}" +
  "var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];" +
  "if(t.indexOf('paint')<0)p=1;else new PerformanceObserver(function(l){var e=l.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==='first-contentful-paint')p=1;go()}).observe({type:'paint',buffered:true});" +
  "document.addEventListener('DOMContentLoaded',function(){d=1;go()});addEventListener('load',function(){d=1;go();setTimeout(function(){p=1;go()},10000)})})()";
