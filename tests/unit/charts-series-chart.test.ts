import { describe, expect, it } from 'vitest';
import { readSeriesChartData } from '../../src/lib/charts/series-chart.ts';

describe('readSeriesChartData', () => {
  it('reads the embedded days and values, gaps included', () => {
    expect(readSeriesChartData('{"label":"Blocks","unit":"","x":[1,2],"y":[3,null]}')).toEqual({ label: 'Blocks', unit: '', x: [1, 2], y: [3, null] });
  });

  it.each(['', 'not json', '{"x":[1],"y":[]}', '{"x":[],"y":[]}', '{"x":["1"],"y":[1]}', '{"x":[1],"y":["a"]}'])('is null for %j', (text) => {
    expect(readSeriesChartData(text)).toBeNull();
  });
});
