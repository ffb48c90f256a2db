import { describe, expect, it } from 'vitest';
import { autopayAuthorizationText, autopayEnrollmentUpdate, importAchReturnsInput, selfEnrollmentInput } from './ach.ts';

describe('ACH contracts', () => {
  it('importAchReturns takes a returns file or one return, and says so for anything else', () => {
    expect(importAchReturnsInput.parse({ file_text: '101 …' })).toEqual({ file_text: '101 …' });
    expect(importAchReturnsInput.parse({ trace_number: '121000350000001', return_code: 'r01', date: '2026-12-10' })).toMatchObject({ return_code: 'R01' });
    const bad = importAchReturnsInput.safeParse({ trace: 'x' });
    expect(bad.success).toBe(false);
    expect(importAchReturnsInput.safeParse({ file_text: '' }).success).toBe(false);
    expect(importAchReturnsInput.safeParse({ trace_number: '12345', return_code: 'R01', date: '2026-12-10' }).success).toBe(false);
  });

  it('an owner enrols only by accepting the authorization, with a valid routing number; the account number is cleaned', () => {
    const base = { account_holder: 'Ana', routing_number: '021000021', account_number: '5550-001 111', account_type: 'checking', authorization_text: autopayAuthorizationText('Maple Grove HOA') };
    expect(selfEnrollmentInput.safeParse(base).success).toBe(false);
    expect(selfEnrollmentInput.safeParse({ ...base, accept_authorization: false }).success).toBe(false);
    expect(selfEnrollmentInput.parse({ ...base, accept_authorization: true }).account_number).toBe('5550001111');
    const routing = selfEnrollmentInput.safeParse({ ...base, routing_number: '021000022', accept_authorization: true });
    expect(routing.success ? '' : routing.error.issues[0]!.message).toMatch(/its last digit should be 1/);
  });

  it('an enrollment keeps its owner; staff set only active, paused or cancelled', () => {
    expect(autopayEnrollmentUpdate.safeParse({ owner_id: '0123456789abcdef01234567' }).success).toBe(false);
    expect(autopayEnrollmentUpdate.safeParse({ status: 'prenote' }).success).toBe(false);
    expect(autopayEnrollmentUpdate.parse({ status: 'paused', status_reason: 'Owner asked' })).toEqual({ status: 'paused', status_reason: 'Owner asked' });
  });

  it('the authorization names the association, or says "the association"', () => {
    expect(autopayAuthorizationText('Maple Grove HOA')).toMatch(/^I authorize Maple Grove HOA to debit/);
    expect(autopayAuthorizationText('  ')).toMatch(/^I authorize the association to debit/);
  });
});
