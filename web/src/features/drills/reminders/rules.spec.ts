import { describe, expect, it } from '@jest/globals';
import {
  cadencesErrors,
  cadencesRequest,
  formatLeadTime,
  leadMinutesOf,
  newCadence,
  newRule,
  ruleDrafts,
  rulesErrors,
  rulesRequest,
  splitLeadTime,
} from './rules';
import { messagesInEnglish } from '../../../lib/error-text';

const ID = 'ac877521-9f9e-4b8f-957e-46428b31c885';

describe('lead times', () => {
  it('are written in the largest unit that keeps them whole', () => {
    expect(splitLeadTime(10080)).toEqual({ value: '7', unit: 'days' });
    expect(splitLeadTime(120)).toEqual({ value: '2', unit: 'hours' });
    expect(splitLeadTime(90)).toEqual({ value: '90', unit: 'minutes' });
  });

  it('are read back in minutes; nothing typed is no number', () => {
    expect(leadMinutesOf('1.5', 'hours')).toBe(90);
    expect(leadMinutesOf('2', 'days')).toBe(2880);
    expect(leadMinutesOf(' ', 'days')).toBeNaN();
  });

  it('read in the reader’s language with its own plural forms', () => {
    expect(formatLeadTime(1440, 'en')).toBe('1 day');
    expect(formatLeadTime(10080, 'en')).toBe('7 days');
    expect(formatLeadTime(5, 'es')).toBe('5 minutos');
  });
});

describe('the reminder rules form', () => {
  it('lists the rules from the earliest reminder and saves them in minutes', () => {
    const drafts = ruleDrafts([
      { id: ID, leadMinutes: 60, channels: ['in_app'], recipients: ['lead'], enabled: true },
      { id: ID, leadMinutes: 1440, channels: ['email'], recipients: ['managers'], enabled: false },
    ]);
    expect(rulesRequest(drafts)).toEqual({
      rules: [
        { leadMinutes: 1440, channels: ['email'], recipients: ['managers'], enabled: false },
        { leadMinutes: 60, channels: ['in_app'], recipients: ['lead'], enabled: true },
      ],
    });
  });

  it('says what is wrong on each field’s path', () => {
    const tooSoon = { ...newRule(), value: '2', unit: 'minutes' as const };
    const noChannel = { ...newRule(), channels: [] };
    const same = { ...newRule() };
    expect(messagesInEnglish(rulesErrors(rulesRequest([tooSoon, noChannel, same])))).toEqual({
      'rules.0.leadMinutes': 'Must be at least 5 minutes',
      'rules.1.channels': 'Choose at least one channel',
      'rules.2.leadMinutes': 'Each reminder needs its own lead time',
    });
    expect(messagesInEnglish(rulesErrors(rulesRequest([{ ...newRule(), value: '' }])))).toEqual({
      'rules.0.leadMinutes': 'Enter the duration in minutes',
    });
    expect(messagesInEnglish(rulesErrors(rulesRequest([newRule()])))).toEqual({});
  });
});

describe('the cadences form', () => {
  it('sends numbers, leaves an empty due-soon to the default, and reports bad fields', () => {
    const cadence = { ...newCadence(), name: 'Quarterly drill', dueSoonDays: '' };
    expect(cadencesRequest([cadence])).toEqual({
      cadences: [{ name: 'Quarterly drill', kind: 'drill', intervalMonths: 3, calendarYear: false, enabled: true }],
    });
    expect(messagesInEnglish(cadencesErrors(cadencesRequest([{ ...newCadence(), name: ' ', intervalMonths: '40' }])))).toEqual({
      'cadences.0.name': 'Required',
      'cadences.0.intervalMonths': 'Enter a whole number of months from 1 to 36',
    });
  });
});
