import { describe, expect, it } from 'vitest';

import { applicationsFilterSearch, parseApplicationsFilters, parseOffset } from './filters';

const seriesId = '0195f0c4-0000-7000-8000-0000000000AA';
const applicationId = '0195f0c4-0000-7000-8000-0000000000bb';

describe('the GM applications filters in the URL', () => {
  it('reads series, status, offset and the selected application', () => {
    const filters = parseApplicationsFilters(
      new URLSearchParams({
        series: seriesId,
        status: 'pending',
        offset: '40',
        application: applicationId,
      }),
    );
    expect(filters).toEqual({
      series: seriesId.toLowerCase(),
      status: 'pending',
      offset: 40,
      application: applicationId,
    });
  });

  it('drops malformed values instead of failing', () => {
    expect(
      parseApplicationsFilters(
        new URLSearchParams({ series: 'nope', status: 'maybe', offset: '-3', application: '1' }),
      ),
    ).toEqual({ series: null, status: null, offset: 0, application: null });
  });

  it('rounds an offset down to a page boundary', () => {
    expect(parseOffset('45')).toBe(40);
    expect(parseOffset('2.5')).toBe(0);
    expect(parseOffset(null)).toBe(0);
  });

  it('writes them back in one order, leaving defaults out, and reads back the same', () => {
    const search = applicationsFilterSearch({ status: 'accepted', offset: 0, series: seriesId });
    expect(search).toBe(`series=${seriesId}&status=accepted`);
    expect(parseApplicationsFilters(new URLSearchParams(search))).toMatchObject({
      series: seriesId.toLowerCase(),
      status: 'accepted',
      offset: 0,
    });
    expect(applicationsFilterSearch({})).toBe('');
  });
});
