import { randomUUID } from 'node:crypto';
import { axeScan, WCAG_TAGS } from './axe.ts';
import { expect, request as playwrightRequest, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { bannerSettled, READ_SCREENS, scenario, test } from './fixtures.ts';
import type { ScenarioInfo } from '../../devnet/types.ts';
import { styleDifferences } from './styles.ts';

// Light and dark themes: the theme_preference cookie's theme is rendered by the server (no flash: the first
// paint has it, with or without JavaScript), the header's toggle changes it at once and a plain form does without
// JavaScript, the system theme follows the browser, and every screen is readable in both.

// Each test has its own browser context and pages (the render cache's are on addresses of their own): any worker may
// take any of them, so the file's tests, its four accessibility scans among them, spread over both workers instead
// of queuing in one.
test.describe.configure({ mode: 'parallel' });

const SITE = (): string => process.env['E2E_SITE_URL'] ?? '';
const THEME_COOKIE = 'theme_preference';

async function setTheme(context: BrowserContext, value: string): Promise<void> {
  await context.addCookies([{ name: THEME_COOKIE, value, url: SITE() }]);
}

async function storedTheme(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(SITE())).find((c) => c.name === THEME_COOKIE)?.value;
}

/** Relative luminance (0 black … 1 white) of an element's computed background colour, through a 1-pixel canvas. */
function backgroundLuminance(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(el).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const linear = (v: number): number => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

const DARK = 0.05;
const LIGHT = 0.8;

async function expectDark(page: Page): Promise<void> {
  expect(await backgroundLuminance(page.locator('body'))).toBeLessThan(DARK);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toMatch(/dark/);
}

async function expectLight(page: Page): Promise<void> {
  expect(await backgroundLuminance(page.locator('body'))).toBeGreaterThan(LIGHT);
}

/** The <html> tag of a page as the server sends it. */
function htmlTag(body: string): string {
  return /<html[^>]*>/.exec(body)?.[0] ?? '';
}

test.describe('the server renders the theme of the cookie', () => {
  test('data-theme and the toggle follow theme_preference; anything else is system', async ({ request }) => {
    for (const [cookie, theme, label, next] of [
      ['theme_preference=dark', 'dark', 'Theme: Dark', 'system'],
      ['theme_preference=light', 'light', 'Theme: Light', 'dark'],
      ['theme_preference=system', 'system', 'Theme: System', 'light'],
      ['theme_preference=sepia', 'system', 'Theme: System', 'light'],
      ['theme_preference=%3Cscript%3E', 'system', 'Theme: System', 'light'],
      ['', 'system', 'Theme: System', 'light'],
    ] as const) {
      const res = await request.get('/blocks', { headers: cookie ? { cookie } : {} });
      expect(res.status()).toBe(200);
      const body = await res.text();
      expect(htmlTag(body), cookie).toContain(`data-theme="${theme}"`);
      expect(body, cookie).toContain(`aria-label="${label}"`);
      expect(body, cookie).toMatch(new RegExp(`name="theme"\\s+value="${next}"`));
      expect(res.headers()['vary'], cookie).toMatch(/\bCookie\b/i);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the page is dark from its HTML and CSS alone', async ({ page, context }) => {
      await setTheme(context, 'dark');
      await page.goto('/blocks');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectDark(page);
      // Cards are a dark surface with light text too.
      const card = page.locator('main .bg-white').first();
      expect(await backgroundLuminance(card)).toBeLessThan(DARK);
      await setTheme(context, 'light');
      await page.goto('/blocks');
      await expectLight(page);
    });
  });

  test('the first paint has the theme: it is set before the body exists, on rendered and prerendered pages', async ({ page, context }) => {
    await setTheme(context, 'dark');
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        observer.disconnect();
        const probe = window as unknown as { themeAtBody?: string | null; schemeAtBody?: string };
        probe.themeAtBody = document.documentElement.getAttribute('data-theme');
        probe.schemeAtBody = getComputedStyle(document.documentElement).colorScheme;
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/blocks', '/privacy-policy']) {
      await page.goto(path);
      const seen = await page.evaluate(() => {
        const probe = window as unknown as { themeAtBody?: string | null; schemeAtBody?: string };
        return { theme: probe.themeAtBody, scheme: probe.schemeAtBody };
      });
      expect(seen, path).toEqual({ theme: 'dark', scheme: 'dark' });
      await expectDark(page);
    }
  });
});

test.describe('the toggle', () => {
  test('cycles System → Light → Dark → System at once, without a reload; the cookie keeps it across reloads', async ({ page, context }) => {
    await page.goto('/blocks');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAccessibleName('Theme: System');
    await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });

    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAccessibleName('Theme: Light');
    expect(await storedTheme(context)).toBe('light');
    await expectLight(page);

    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAccessibleName('Theme: Dark');
    expect(await storedTheme(context)).toBe('dark');
    await expectDark(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const cookie = (await context.cookies(SITE())).find((c) => c.name === THEME_COOKIE);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.httpOnly).toBe(false);
    // 12 months, as the cookie policy says (a day's leeway for the clock).
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);

    const reloaded = await page.reload();
    expect(htmlTag((await reloaded?.text()) ?? '')).toContain('data-theme="dark"');
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Theme: Dark');
    await expectDark(page);

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
    expect(await storedTheme(context)).toBeUndefined();
  });

  test('shows the theme in force on a prerendered page (built as system) once the cookie says otherwise', async ({ page, context }) => {
    await setTheme(context, 'light');
    await page.goto('/cookie-policy');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Theme: Light');
    await expect(page.locator('.theme-icon-light')).toBeVisible();
    await expect(page.locator('.theme-icon-system')).toBeHidden();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.theme-icon-dark')).toBeVisible();
    await expectDark(page);
  });

  test('is in the header at phone width, beside the menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toBeVisible();
    const menu = await page.getByTestId('mobile-menu').locator('summary').boundingBox();
    const box = await toggle.boundingBox();
    expect(box && menu ? Math.abs(box.y + box.height / 2 - (menu.y + menu.height / 2)) : 99).toBeLessThan(4);
    expect(box && menu ? box.x + box.width <= menu.x : false).toBe(true);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('is a form: each press posts the next theme and comes back to the same page', async ({ page, context }) => {
      const path = '/blocks?size=50&page=2';
      await page.goto(path);
      for (const theme of ['light', 'dark', 'system']) {
        await page.getByTestId('theme-toggle').click();
        // The next document (the post's 303 leads back to the same address) has the new theme.
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
        expect(await storedTheme(context)).toBe(theme === 'system' ? undefined : theme);
      }
    });
  });
});

test.describe('POST /theme', () => {
  const post = async (headers: Record<string, string>, form: Record<string, string>, contentType?: string) => {
    const api = await playwrightRequest.newContext({ baseURL: SITE() });
    const res =
      contentType === undefined
        ? await api.post('/theme', { headers, form, maxRedirects: 0 })
        : await api.post('/theme', { headers: { ...headers, 'content-type': contentType }, data: new URLSearchParams(form).toString(), maxRedirects: 0 });
    const result = { status: res.status(), location: res.headers()['location'], setCookie: res.headers()['set-cookie'] ?? '' };
    await api.dispose();
    return result;
  };

  test('stores the theme for 12 months and answers 303 back to the page', async () => {
    const res = await post({ origin: SITE() }, { theme: 'dark', return: '/blocks?page=2' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/blocks?page=2');
    expect(res.setCookie).toMatch(/^theme_preference=dark;/);
    expect(res.setCookie).toMatch(/Max-Age=31536000/i);
    expect(res.setCookie).toMatch(/Path=\//i);
    expect(res.setCookie).toMatch(/SameSite=Lax/i);
    expect(res.setCookie).not.toMatch(/HttpOnly/i);
    const system = await post({ origin: SITE() }, { theme: 'system', return: '/' });
    expect(system.status).toBe(303);
    // System is the default: the cookie is removed.
    expect(system.setCookie).toMatch(/^theme_preference=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  test('never redirects off the site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/\t/evil.example', '/.//evil.example', 'javascript:alert(1)', `${SITE()}/blocks`, '/theme']) {
      const res = await post({ origin: SITE() }, { theme: 'light', return: target });
      expect(res.status, target).toBe(303);
      expect(res.location, target).toBe('/');
    }
    // Without a return field, the Referer's path when it is this site, else home.
    expect((await post({ origin: SITE(), referer: `${SITE()}/tokens?q=a` }, { theme: 'light' })).location).toBe('/tokens?q=a');
    expect((await post({ origin: SITE(), referer: 'https://evil.example/x' }, { theme: 'light' })).location).toBe('/');
  });

  test('refuses a post from another site, or without an origin (403), and an unknown theme (400)', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
      for (const type of [undefined, 'text/plain', 'application/json']) {
        const res = await post(headers, { theme: 'dark', return: '/' }, type);
        expect(res.status, `${JSON.stringify(headers)} ${type}`).toBe(403);
        expect(res.setCookie).toBe('');
        expect(res.location).toBeUndefined();
      }
    }
    const unknown = await post({ origin: SITE() }, { theme: 'sepia', return: '/' });
    expect(unknown.status).toBe(400);
    expect(unknown.setCookie).toBe('');
  });
});

test.describe('the system theme follows the browser', () => {
  test.describe('that prefers dark', () => {
    test.use({ colorScheme: 'dark' });

    test('dark without a choice; a chosen light theme wins', async ({ page, context }) => {
      await page.goto('/blocks');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
      await expectDark(page);
      await page.goto('/terms-of-service');
      await expectDark(page);
      await setTheme(context, 'light');
      await page.goto('/blocks');
      await expectLight(page);
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('dark from CSS alone, on rendered and prerendered pages', async ({ page }) => {
        for (const path of ['/blocks', '/privacy-policy']) {
          await page.goto(path);
          await expectDark(page);
        }
      });
    });
  });

  test.describe('that prefers light', () => {
    test.use({ colorScheme: 'light' });

    test('light without a choice; a chosen dark theme wins', async ({ page, context }) => {
      await page.goto('/blocks');
      await expectLight(page);
      await setTheme(context, 'dark');
      await page.goto('/blocks');
      await expectDark(page);
    });
  });
});

test('the legal pages (prerendered) get the cookie\'s theme before they paint', async ({ page, context }) => {
  await setTheme(context, 'dark');
  for (const path of ['/terms-of-service', '/privacy-policy', '/cookie-policy']) {
    await page.goto(path);
    await expect(page.locator('html'), path).toHaveAttribute('data-theme', 'dark');
    await expectDark(page);
    const article = page.locator('article.legal');
    expect(await backgroundLuminance(article), path).toBeLessThan(DARK);
  }
});

test.describe('the render cache keeps a page per theme', () => {
  test('a final block page: no visitor gets another visitor\'s theme', async ({ request }) => {
    // A logo uploaded meanwhile (the token admin tests run beside this one) starts new cache keys: the sequence is
    // then run again on a fresh address until it runs without one.
    await expect(async () => {
      const path = `/blocks/${scenario().busyBlock.number}?theme-probe=${randomUUID()}`;
      const get = async (cookie: string | null) => {
        const res = await request.get(path, { headers: cookie === null ? {} : { cookie } });
        expect(res.status()).toBe(200);
        return { theme: /data-theme="(\w+)"/.exec(htmlTag(await res.text()))?.[1], cache: res.headers()['x-render-cache'], vary: res.headers()['vary'] ?? '' };
      };
      const dark = await get('theme_preference=dark');
      expect(dark).toMatchObject({ theme: 'dark', cache: 'miss' });
      expect(dark.vary).toMatch(/\bCookie\b/i);
      expect(await get('theme_preference=light')).toMatchObject({ theme: 'light', cache: 'miss' });
      expect(await get(null)).toMatchObject({ theme: 'system', cache: 'miss' });
      // An unknown value is the system theme, and shares its page.
      expect(await get('theme_preference=sepia')).toMatchObject({ theme: 'system', cache: 'hit' });
      expect(await get('theme_preference=dark')).toMatchObject({ theme: 'dark', cache: 'hit' });
      expect(await get('theme_preference=light')).toMatchObject({ theme: 'light', cache: 'hit' });
    }).toPass({ timeout: 30_000 });
  });

  test('an address page (kept per head block) too', async ({ request }) => {
    const path = `/address/${scenario().accounts[3]}?theme-probe=${randomUUID()}`;
    for (const [cookie, theme] of [['theme_preference=dark', 'dark'], ['', 'system'], ['theme_preference=light', 'light'], ['theme_preference=dark', 'dark'], ['', 'system']] as const) {
      const res = await request.get(path, { headers: cookie ? { cookie } : {} });
      expect(htmlTag(await res.text()), cookie).toContain(`data-theme="${theme}"`);
    }
  });
});

test.describe('charts and pictures', () => {
  test('the AI dashboard and price charts are drawn again in the new theme\'s colours', async ({ page }) => {
    for (const [path, testId] of [['/ai-dashboard', 'chart-block-prediction'], [`/tokens/${scenario().erc1155.address}`, 'price-chart']] as const) {
      await page.goto(path);
      const card = page.getByTestId(testId);
      await card.scrollIntoViewIfNeeded();
      // The card's chart island: its element holds the uPlot canvas and says where the chart stands.
      const chart = card.locator('[data-chart]');
      await expect(chart).toHaveAttribute('data-state', 'drawn');
      const wanted = () => chart.evaluate((el) => getComputedStyle(el).getPropertyValue('--chart-text').trim());
      const light = await wanted();
      await expect(chart).toHaveAttribute('data-chart-text', light);
      // Light → dark: the toggle goes system → light → dark.
      await page.getByTestId('theme-toggle').click();
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const dark = await wanted();
      expect(dark).not.toBe(light);
      await expect(chart).toHaveAttribute('data-chart-text', dark);
      await expect(chart.locator('.uplot')).toHaveCount(1);
      await page.getByTestId('theme-toggle').click();
    }
  });

  test('the home page\'s dark panels (hero, news, neural canvas) look the same in both themes', async ({ page, context }) => {
    const panels = async () =>
      page.evaluate(() =>
        // Backgrounds, and the colour of the text on them (the canvas's own text is its status line).
        ['[data-test="home-hero"]', '[data-test="news-carousel"]', '[data-test="ai-canvas"]', '[data-test="ai-canvas"] p'].map((selector, i) => {
          const el = document.querySelector(selector);
          if (!el) return 'missing';
          const style = getComputedStyle(el);
          return `${style.backgroundImage} ${style.backgroundColor}${i === 2 ? '' : ` ${style.color}`}`;
        }),
      );
    await setTheme(context, 'light');
    await page.goto('/');
    const light = await panels();
    await setTheme(context, 'dark');
    await page.goto('/');
    expect(await panels()).toEqual(light);
    expect(light).not.toContain('missing');
  });
});

test.describe('each page carries the dark theme in its own CSS', () => {
  for (const path of ['/', '/blocks', '/privacy-policy']) {
    test(`${path} looks the same in dark with its part of the stylesheet as with the whole`, async ({ page, context }) => {
      test.setTimeout(120_000);
      await setTheme(context, 'dark');
      await page.goto(path);
      await expectDark(page);
      const { differences } = await styleDifferences(page);
      expect(differences).toEqual([]);
    });
  }

  test('the whole stylesheet redefines every palette colour it uses, for the dark and the system theme', async ({ page }) => {
    await page.goto('/blocks');
    const href = await page.locator('style[data-full-css]').getAttribute('data-full-css');
    const css = await (await page.request.get(href ?? '')).text();
    const defined = new Set([.../@layer theme\{:root,:host\{([^}]*)\}/.exec(css)?.[1]?.matchAll(/(--color-[\w-]+):/g) ?? []].map((m) => m[1] ?? ''));
    const dark = /:root:where\(\[data-theme=dark\][^{]*\)\{([^}]*)\}/.exec(css)?.[1] ?? '';
    const system = /@media \(prefers-color-scheme:dark\)\{:root:where\([^{]*\)\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(defined.size).toBeGreaterThan(20);
    // The hues' 500 is the middle of their mirrored scale: the same in both themes.
    const missing = [...defined].filter((name) => !/^--color-(?!slate)[a-z]+-500$/.test(name) && (!dark.includes(`${name}:`) || !system.includes(`${name}:`)));
    expect(missing, 'palette colours without a dark value in src/styles/global.css').toEqual([]);
  });
});

/**
 * The site's screens, each scanned in both themes, by name, with their paths made from the scenario inside each
 * test (Playwright collects tests before the global setup runs it). `lightElsewhere`: another spec already scans the
 * screen's light colours at a desktop and a phone width (the read screens and the AI dashboard in a11y.spec.ts, the AI
 * test page in its own spec), in the system theme of Playwright's light browser, which is the light theme's palette:
 * only the dark theme is scanned here.
 */
const SCREENS: ReadonlyArray<{ name: string; path: (s: ScenarioInfo) => string; lightElsewhere?: true }> = [
  { name: 'home', path: () => '/', lightElsewhere: true },
  { name: 'block list', path: () => '/blocks', lightElsewhere: true },
  { name: 'block', path: (s) => `/blocks/${s.busyBlock.number}`, lightElsewhere: true },
  { name: 'transaction list', path: () => '/transactions', lightElsewhere: true },
  { name: 'transaction', path: (s) => `/transactions/${s.samples.erc20Transfer}`, lightElsewhere: true },
  { name: 'address', path: (s) => `/address/${s.accounts[0]}`, lightElsewhere: true },
  { name: 'token list', path: () => '/tokens', lightElsewhere: true },
  { name: 'token', path: (s) => `/tokens/${s.erc1155.address}` },
  { name: 'NFT list', path: () => '/nfts', lightElsewhere: true },
  { name: 'NFT', path: (s) => `/nfts/${s.nfts[0]?.address}/1`, lightElsewhere: true },
  { name: 'AI dashboard', path: () => '/ai-dashboard', lightElsewhere: true },
  { name: 'AI test', path: () => '/ai-test', lightElsewhere: true },
  { name: 'search', path: () => '/search?q=Sto', lightElsewhere: true },
  { name: 'verify contract', path: () => '/verify-contract', lightElsewhere: true },
  { name: 'contract', path: (s) => `/contracts/${s.playground.address}` },
  { name: 'legal', path: () => '/cookie-policy' },
];

test('the light scans leave out exactly the screens another spec scans in the light colours', () => {
  // a11y.spec.ts scans every read screen and the AI dashboard; ai-test.spec.ts scans its page after a run.
  const elsewhere = new Set([...READ_SCREENS.map(([, path]) => path(scenario())), '/ai-dashboard', '/ai-test']);
  for (const { name, path, lightElsewhere } of SCREENS) expect(elsewhere.has(path(scenario())), name).toBe(lightElsewhere === true);
});

/** The accessibility rules whose findings depend on colours: the ones a theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// One test per theme and width, each scanning its screens in one page (whose cache the screens share): the four are
// independent, so the two workers take two each instead of one worker taking all four.
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`no serious or critical accessibility findings in the ${theme} theme at ${width}px`, async ({ page, context }) => {
      test.setTimeout(180_000);
      await setTheme(context, theme);
      await page.setViewportSize({ width, height: 900 });
      const findings: string[] = [];
      for (const { name, path: pathOf } of SCREENS.filter((screen) => theme === 'dark' || screen.lightElsewhere !== true)) {
        const path = pathOf(scenario());
        await page.goto(path);
        await expect(page.locator('html'), path).toHaveAttribute('data-theme', theme);
        await bannerSettled(page);
        // The dark theme changes colours only (the same markup, other custom properties): past the first screen, whose
        // header holds the one element shown per theme (the toggle's icon), only the rules that read colours run.
        const axe = axeScan(page);
        const result = await (theme === 'dark' && name !== 'home' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_TAGS)).analyze();
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            findings.push(`${name} (${path}): ${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
          }
        }
      }
      expect(findings).toEqual([]);
    });
  }
}
