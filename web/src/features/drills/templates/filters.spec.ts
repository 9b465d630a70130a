import { describe, expect, it } from '@jest/globals';
import { isNarrowed, templateQuery } from './filters';

const none = { source: '', status: '', scenario: '', type: '', regulation: '', q: '' };

describe('the template list filters of the address', () => {
  it('become the API query, all sources by default', () => {
    expect(templateQuery(none)).toEqual({ source: 'all' });
    expect(
      templateQuery({
        ...none,
        source: 'library',
        scenario: 'fire',
        type: 'tabletop',
        regulation: 'iso_22301',
        status: 'published',
        q: ' berth ',
      }),
    ).toEqual({
      source: 'library',
      status: 'published',
      scenario: 'fire',
      type: 'tabletop',
      regulation: 'iso_22301',
      q: 'berth',
    });
  });

  it('ignore values that are not the contracts’ (an edited address)', () => {
    expect(
      templateQuery({ ...none, source: 'everything', status: 'archived', scenario: 'flood', type: 'x', regulation: 'y', q: '   ' }),
    ).toEqual({
      source: 'all',
    });
  });

  it('say whether anything but the source narrows the list', () => {
    expect(isNarrowed(templateQuery({ ...none, source: 'organization' }))).toBe(false);
    expect(isNarrowed(templateQuery({ ...none, q: 'fire' }))).toBe(true);
    expect(isNarrowed(templateQuery({ ...none, status: 'draft' }))).toBe(true);
  });
});
