import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { scriptsAfterPaint } from './late-scripts.ts';
import { inlinedStylesheet, prunePage } from './critical-css.ts';
import { createScriptClassIndex } from './css/page-classes.ts';
import { createPruner, stylesheetPath, type CssPruner } from './css/prune.ts';

// The server's side of the page's own CSS (critical-css.ts). Pages inline one of a few stylesheets (the site's, or
// the site's with a component's styles added); each is parsed the first time a page carries it. The whole stylesheet
// a page names is the build's file (the site's, written by the precompress step) when there is one.
// The built client directory (for the scripts' classes) is SITE_CLIENT_DIR, which site-server.ts sets, else
// ./dist/client; without one, pages keep the whole stylesheet inline.

const pruners = new Map<string, { pruner: CssPruner; scripts: (url: string) => ReadonlySet<string> }>();
let client: { dir: string; shared: string | null } | null | undefined;

function clientDir(): typeof client {
  if (client !== undefined) return client;
  const dir = process.env['SITE_CLIENT_DIR'] ?? join(process.cwd(), 'dist', 'client');
  if (!existsSync(join(dir, '_astro'))) return (client = null);
  const shared = readdirSync(join(dir, '_astro')).find((f) => /^site\.[\w-]+\.css$/.test(f));
  return (client = { dir, shared: shared ? `/_astro/${shared}` : null });
}

/**
 * A built page as it is sent: its own part of its stylesheet, its module scripts loaded after the first paint
 * (late-scripts.ts). Unchanged when there is no built client to read scripts from.
 */
export function finishPage(html: string): string {
  const built = clientDir();
  if (!built) return html;
  return scriptsAfterPaint(withPageCss(html, built));
}

function withPageCss(html: string, built: NonNullable<typeof client>): string {
  const full = inlinedStylesheet(html);
  if (full === null) return html;
  let entry = pruners.get(full);
  if (!entry) {
    const pruner = createPruner(full, built.shared ?? stylesheetPath(full));
    entry = { pruner, scripts: createScriptClassIndex(built.dir, pruner.known) };
    if (pruners.size < 16) pruners.set(full, entry);
  }
  return prunePage(html, entry.pruner, entry.scripts);
}

/** A whole stylesheet for its URL, when the request reaches the server (no file of that name was built). */
export function fullStylesheet(pathname: string): string | null {
  for (const { pruner } of pruners.values()) if (pruner.fullPath === pathname) return pruner.full;
  return null;
}
