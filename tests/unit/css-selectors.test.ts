import { describe, expect, it } from 'vitest';
import { requiredClasses, selectorListClasses } from '../../src/lib/server/css/selectors.ts';

describe('critical CSS: the classes a selector requires', () => {
  it('reads class names as the browser does: escapes, variants, arbitrary values', () => {
    expect(requiredClasses('.hover\\:bg-slate-50:hover')).toEqual(['hover:bg-slate-50']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses('.aria-\\[current\\=true\\]\\:bg-indigo-600[aria-current=true]')).toEqual(['aria-[current=true]:bg-indigo-600']);
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
  });

  it('does not require classes named inside :not(…) or dots inside attribute values', () => {
    expect(requiredClasses('.peer:not(.is-off)~.x')).toEqual(['peer', 'x']);
    expect(requiredClasses('a[href$=".pdf"].pdf-link')).toEqual(['pdf-link']);
    expect(requiredClasses(':root:not([data-theme=light],[data-theme=dark]) .theme-icon-system')).toEqual(['theme-icon-system']);
    expect(requiredClasses(':root,:host')).toEqual([]);
  });

  it('splits a selector list at its commas, not at those inside parentheses or strings', () => {
    expect(selectorListClasses('.a .b,.c:is(.d,.e),[title="x,.y"].f')).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
    expect(selectorListClasses(':root:where([data-theme=dark],[data-theme=dark] *)')).toEqual([[]]);
  });
});
