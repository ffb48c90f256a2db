import { describe, expect, it } from 'vitest';
import { isMemberMeeting, meetingStart, motionResult, type DirectorVote } from './meetings.ts';

const votes = (...list: DirectorVote[]) => list.map((vote) => ({ vote }));

describe('motionResult: a majority of the votes cast', () => {
  it.each([
    [votes('yes', 'yes', 'no'), 'passed'],
    [votes('yes', 'no', 'abstain', 'absent', 'absent'), 'failed'],
    [votes('yes', 'abstain', 'abstain', 'absent'), 'passed'],
    [votes('yes', 'yes', 'no', 'no'), 'failed'],
    [votes('no', 'no', 'yes'), 'failed'],
    [votes('abstain', 'absent'), 'failed'],
    [votes(), 'failed'],
    [votes('yes', 'yes', 'yes', 'no', 'no'), 'passed'],
  ] as const)('%j → %s', (list, expected) => {
    expect(motionResult(list)).toBe(expected);
  });
  it('a tie is reported as failed, never broken', () => {
    expect(motionResult(votes('yes', 'no'))).toBe('failed');
    expect(motionResult(votes('yes', 'yes', 'no', 'no', 'abstain'))).toBe('failed');
  });
  it('a tabled motion is tabled whatever the votes', () => {
    expect(motionResult(votes('yes', 'yes'), true)).toBe('tabled');
    expect(motionResult([], true)).toBe('tabled');
  });
});

describe('isMemberMeeting', () => {
  it('annual and special meetings are the members\'; board and committee meetings are not', () => {
    expect(['board', 'annual', 'special', 'committee'].map(isMemberMeeting)).toEqual([false, true, true, false]);
  });
});

describe('meetingStart', () => {
  it('reads PostgreSQL\'s text and ISO alike', () => {
    expect(meetingStart('2027-01-05 18:00:00+00').toISOString()).toBe('2027-01-05T18:00:00.000Z');
    expect(meetingStart('2027-01-05 18:30:00-05').toISOString()).toBe('2027-01-05T23:30:00.000Z');
    expect(meetingStart('2027-01-05T18:00:00.000Z').toISOString()).toBe('2027-01-05T18:00:00.000Z');
  });
});
