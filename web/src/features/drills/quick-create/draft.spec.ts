import { describe, expect, it } from '@jest/globals';
import { draftErrors, firstStepWithError, initialDraft, MUSTER_RANGE, scheduleRequest, stepOfField, type ScheduleDraft } from './draft';
import { guestRow, memberRow } from './roster';
import { messagesInEnglish } from '../../../lib/error-text';

const TEMPLATE = '33ccc061-b5f5-5609-b9df-aaba32023f35';
const LEAD = '0b7980c5-35a5-4bdd-a07f-03f5ca731356';
const MEMBER = '8b68c22c-b6c0-4303-bfb4-add8fd072032';

function complete(overrides: Partial<ScheduleDraft> = {}): ScheduleDraft {
  return {
    ...initialDraft(LEAD, new Date(2026, 10, 23, 15)),
    scenario: 'evacuation',
    templateId: TEMPLATE,
    location: 'Berth 4',
    ...overrides,
  };
}

describe('a new draft', () => {
  it('starts tomorrow at 09:00 local time, led by the one who schedules', () => {
    expect(initialDraft(LEAD, new Date(2026, 11, 31, 22))).toMatchObject({
      date: '2027-01-01',
      time: '09:00',
      leadUserId: LEAD,
      roster: [],
    });
  });
});

describe('the schedule request', () => {
  it('sends the instant of the local date and time, the roster by member id or guest name, and no empty title', () => {
    const draft = complete({
      roster: [memberRow({ id: MEMBER, name: 'Uma Patel' }), { ...guestRow('  Pilot Jonas '), positionId: 'warden' }],
    });
    expect(scheduleRequest(draft, { musterTargetMinutes: null })).toEqual({
      templateId: TEMPLATE,
      scheduledAt: new Date(2026, 10, 24, 9, 0).toISOString(),
      location: 'Berth 4',
      leadUserId: LEAD,
      participants: [
        { userId: MEMBER, name: '', positionId: null },
        { userId: null, name: 'Pilot Jonas', positionId: 'warden' },
      ],
    });
    expect(scheduleRequest(complete({ title: '  Night muster ' }), undefined).title).toBe('Night muster');
  });

  it('sends a muster target only when the template measures one and a value was typed', () => {
    expect(scheduleRequest(complete({ musterTarget: '12' }), { musterTargetMinutes: 10 }).musterTargetMinutes).toBe(12);
    expect(scheduleRequest(complete({ musterTarget: '' }), { musterTargetMinutes: 10 })).not.toHaveProperty('musterTargetMinutes');
    expect(scheduleRequest(complete({ musterTarget: '12' }), { musterTargetMinutes: null })).not.toHaveProperty('musterTargetMinutes');
  });
});

describe('the messages of each step', () => {
  it('checks only the steps up to the current one', () => {
    const empty = initialDraft(LEAD);
    expect(messagesInEnglish(draftErrors(empty, undefined, 'scenario'))).toEqual({ scenario: 'Choose a scenario' });
    expect(messagesInEnglish(draftErrors({ ...empty, scenario: 'fire' }, undefined, 'template'))).toEqual({
      templateId: 'Choose a template',
    });
    expect(messagesInEnglish(draftErrors(complete({ location: '', date: '' }), undefined, 'when'))).toEqual({
      scheduledAt: 'Choose a date and time',
      location: 'Required',
    });
    expect(messagesInEnglish(draftErrors(complete({ leadUserId: '' }), undefined, 'when'))).toEqual({});
    expect(messagesInEnglish(draftErrors(complete({ leadUserId: '' }), undefined, 'people'))).toEqual({ leadUserId: 'Choose a lead' });
    expect(messagesInEnglish(draftErrors(complete(), undefined, 'review'))).toEqual({});
  });

  it('refuses a muster target that is not a whole number of minutes from 1 to 240', () => {
    for (const bad of ['0', '241', '2.5'])
      expect(messagesInEnglish(draftErrors(complete({ musterTarget: bad }), { musterTargetMinutes: 10 }, 'when'))).toEqual({
        musterTargetMinutes: MUSTER_RANGE,
      });
    expect(messagesInEnglish(draftErrors(complete({ musterTarget: '240' }), { musterTargetMinutes: 10 }, 'when'))).toEqual({});
  });

  it('finds the step of a field, the server’s nested paths included', () => {
    expect(stepOfField('scheduledAt')).toBe('when');
    expect(stepOfField('participants.2.userId')).toBe('people');
    expect(stepOfField('_')).toBe('review');
    expect(firstStepWithError({ 'participants.0.name': 'x', location: 'y' })).toBe('when');
    expect(firstStepWithError({})).toBeNull();
  });
});
