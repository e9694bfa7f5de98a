// POST /theme: the header's theme toggle without JavaScript (a plain form). Stores the choice in the theme_preference
// cookie and answers 303 back to the page the form was on: a path of this site only, never another site. Posts from
// other sites are refused (403), as Astro's own origin check does for form posts.
import type { APIRoute } from 'astro';
import { checkForm, requestForm } from '../lib/server/forms.ts';
import { isSameOrigin, siteOrigin } from '../lib/server/request-checks.ts';
import { localReturnPath } from '../lib/server/same-site.ts';
import { ThemeForm } from '../lib/server/theme-form.ts';
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE } from '../lib/page/theme.ts';

const text = (status: number, body: string): Response =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Where to send the visitor back: the form's `return` path, else the Referer's when it is this site, else home. */
function returnPath(path: string | null, referer: string | null, site: URL, origin: string): string {
  if (path === null && referer !== null && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.origin === origin) path = localReturnPath(`${from.pathname}${from.search}`);
  }
  // Back to the endpoint itself would only show an error page.
  return path === null || path === site.pathname || path.startsWith(`${site.pathname}?`) ? '/' : path;
}

export const POST: APIRoute = async ({ request, url, cookies, clientAddress }) => {
  const origin = siteOrigin(request, url, clientAddress);
  if (!isSameOrigin(request, origin)) return text(403, 'Cross-site theme changes are refused');
  const form = await requestForm(request);
  if (form === null) return text(400, 'Expected a form');
  const checked = checkForm(ThemeForm, form);
  if (!checked.ok) return text(400, checked.message);
  const { theme, return: back } = checked.value;
  // `system` is the default: no cookie stored for it.
  if (theme === 'system') cookies.delete(THEME_COOKIE, { path: '/' });
  else cookies.set(THEME_COOKIE, theme, { path: '/', maxAge: THEME_COOKIE_MAX_AGE, sameSite: 'lax', secure: origin.startsWith('https:'), httpOnly: false });
  return new Response(null, { status: 303, headers: { Location: returnPath(back, request.headers.get('referer'), url, origin), 'Cache-Control': 'no-store' } });
};
