import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ErrorFallbackComponent from '../../src/components/ErrorFallback.astro';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the import as what the container renders.
const ErrorFallback = ErrorFallbackComponent as Parameters<AstroContainer['renderToString']>[0];

describe('error fallback', () => {
  it('shows the spec texts and a Refresh Page control that reloads the failed page', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ErrorFallback, { props: { href: '/blocks/12?tab=x' } });
    expect(html).toContain('Something went wrong');
    expect(html).toContain('We encountered an error while loading this content. Please try refreshing the page.');
    expect(html).toMatch(/<a href="\/blocks\/12\?tab=x"[^>]*data-refresh[^>]*>Refresh Page<\/a>/);
    expect(html).toContain('role="alert"');
  });
});
