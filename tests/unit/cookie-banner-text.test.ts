import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import CookieBannerComponent from '../../src/components/CookieBanner.astro';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the import as what the container renders.
const CookieBanner = CookieBannerComponent as Parameters<AstroContainer['renderToString']>[0];

/** The text a reader sees: tags removed, runs of whitespace as one space (as a browser lays out inline text). */
function readable(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('cookie banner', () => {
  it('reads as a sentence: no word runs into the links beside it', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(CookieBanner);
    const text = readable(html);
    expect(text).toContain('Read our Privacy Policy, Cookie Policy and Terms of Service.');
    expect(text).not.toMatch(/ourPrivacy|Policy,Cookie|andTerms/);
    expect(html).toMatch(/<a [^>]*href="\/privacy-policy"[^>]*>Privacy Policy<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/cookie-policy"[^>]*>Cookie Policy<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/terms-of-service"[^>]*>Terms of Service<\/a>/);
  });
});
