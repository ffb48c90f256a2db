import { describe, expect, it } from 'vitest';
import {
  allRules, allowsElectronicVote, arcRespondBy, checkArchitecturalDecision, checkFine, checkHearingNotice, checkMeetingNotice, decisionNoticeDue,
  defaultQuorumPercent, estoppelDueOn, estoppelFee, estoppelValidUntil, lateFeesAllowedOnFines, recordsRequestDue, ruleFor, ruleSetOf, type Check, type FineInput,
} from './state-law.rules.ts';

const refusal = (c: Check) => (c.ok ? null : c);
const nonBoard = (n: number) => Array.from({ length: n }, (_, i) => ({ user_id: `u${i + 1}`, role: 'owner', name: `Owner ${i + 1}` }));

describe('the rule table', () => {
  it('every rule has an id, a citation and a date range; ranges of one set and key never overlap', () => {
    const rules = allRules();
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    const groups = new Map<string, typeof rules>();
    for (const r of rules) {
      expect(r.citation.length).toBeGreaterThan(5);
      expect(r.effective_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (r.effective_to) expect(r.effective_to >= r.effective_from).toBe(true);
      groups.set(`${r.set}.${r.key}`, [...(groups.get(`${r.set}.${r.key}`) ?? []), r]);
    }
    for (const list of groups.values()) {
      const sorted = [...list].sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.effective_to! < sorted[i]!.effective_from).toBe(true);
    }
    // The generic set answers every key, so every state has an answer for every matter.
    const genericKeys = new Set(rules.filter((r) => r.set === 'generic').map((r) => r.key));
    expect(genericKeys.size).toBe(new Set(rules.map((r) => r.key)).size);
  });

  it('states map to their set; others to the generic set; bad codes and untracked dates are refused', () => {
    expect(ruleSetOf('ca')).toBe('CA');
    expect(ruleSetOf('FL')).toBe('FL');
    expect(ruleSetOf('TX')).toBe('generic');
    expect(ruleSetOf('')).toBe('generic');
    expect(() => ruleSetOf('Calif')).toThrow(/two-letter/);
    expect(ruleFor('TX', 'hearing_notice', '2026-01-01').citation).toMatch(/generic/);
    expect(() => ruleFor('CA', 'hearing_notice', '2013-12-31')).toThrow(/from 2014-01-01/);
    expect(ruleFor('NV', 'hearing_notice', '1999-01-01').set).toBe('generic');
  });

  it('effective dates pick the rule in force that day', () => {
    expect(ruleFor('CA', 'decision_notice', '2025-06-30').value.days).toBe(15);
    expect(ruleFor('CA', 'decision_notice', '2025-07-01').value.days).toBe(15);
    expect(ruleFor('CA', 'fine_cap', '2025-06-30').value.per_violation_cents).toBeNull();
    expect(ruleFor('CA', 'fine_cap', '2025-07-01').value.per_violation_cents).toBe(10_000);
    expect(ruleFor('FL', 'estoppel', '2022-06-30').value.fee_cap_cents).toBe(25_000);
    expect(ruleFor('FL', 'estoppel', '2022-07-01').value.fee_cap_cents).toBe(29_900);
    expect(ruleFor('FL', 'hearing_notice', '2024-06-30').value.max_days).toBeNull();
    expect(ruleFor('FL', 'hearing_notice', '2024-07-01').value.max_days).toBe(90);
    // A matter a state's statute did not address then falls to the generic rule.
    expect(ruleFor('FL', 'decision_notice', '2024-06-30').set).toBe('generic');
    expect(ruleFor('FL', 'decision_notice', '2024-07-01').set).toBe('FL');
  });
});

describe('hearing notice', () => {
  it('CA: exactly 10 days is allowed, 9 refused with the rule named', () => {
    const ok = checkHearingNotice({ state: 'CA', notice_sent_on: '2026-03-01', hearing_on: '2026-03-11' });
    expect(ok).toEqual({ ok: true, rules: [{ rule_id: 'CA.hearing_notice@2014-01-01', citation: 'Cal. Civ. Code § 5855(a)' }] });
    expect(refusal(checkHearingNotice({ state: 'CA', notice_sent_on: '2026-03-01', hearing_on: '2026-03-10' }))).toEqual({
      ok: false, rule_id: 'CA.hearing_notice@2014-01-01', citation: 'Cal. Civ. Code § 5855(a)',
      message: 'The hearing notice must be sent at least 10 days before the hearing on 2026-03-10; a notice sent on 2026-03-01 gives 9 days. Send it by 2026-02-28 or move the hearing to 2026-03-11 or later (Cal. Civ. Code § 5855(a)).',
    });
    // No committee rule in California: the board hears the case.
    expect(checkHearingNotice({ state: 'CA', notice_sent_on: '2026-03-01', hearing_on: '2026-04-30', committee: [{ user_id: 'b', role: 'board_member' }] }).ok).toBe(true);
  });

  it('counts across month and year ends and refuses a notice after the hearing', () => {
    expect(checkHearingNotice({ state: 'CA', notice_sent_on: '2026-12-22', hearing_on: '2027-01-01' }).ok).toBe(true);
    expect(checkHearingNotice({ state: 'CA', notice_sent_on: '2026-12-23', hearing_on: '2027-01-01' }).ok).toBe(false);
    expect(checkHearingNotice({ state: 'CA', notice_sent_on: '2024-02-19', hearing_on: '2024-02-29' }).ok).toBe(true);
    expect(refusal(checkHearingNotice({ state: 'CA', notice_sent_on: '2026-03-12', hearing_on: '2026-03-11' }))?.message).toMatch(/the notice would come after the hearing/);
  });

  it('FL: 14 days and a committee of three who are not directors, officers, employees or their relatives', () => {
    const base = { state: 'FL', notice_sent_on: '2026-03-01', hearing_on: '2026-03-15', committee: nonBoard(3) };
    expect(checkHearingNotice(base)).toEqual({ ok: true, rules: [
      { rule_id: 'FL.hearing_notice@2024-07-01', citation: 'Fla. Stat. § 720.305(2)' }, { rule_id: 'FL.hearing_committee@2017-07-01', citation: 'Fla. Stat. § 720.305(2)' },
    ] });
    expect(refusal(checkHearingNotice({ ...base, hearing_on: '2026-03-14' }))?.message).toMatch(/^The hearing notice must be sent at least 14 days before the hearing on 2026-03-14; a notice sent on 2026-03-01 gives 13 days/);
    expect(refusal(checkHearingNotice({ ...base, committee: nonBoard(2) }))?.message).toBe(
      'The hearing committee needs at least 3 members who are not directors, officers or employees; 2 members named (Fla. Stat. § 720.305(2)).',
    );
    // The same person named twice counts once.
    expect(checkHearingNotice({ ...base, committee: [...nonBoard(2), nonBoard(1)[0]!] }).ok).toBe(false);
    expect(checkHearingNotice({ ...base, committee: undefined }).ok).toBe(false);
    for (const role of ['board_member', 'admin', 'property_manager']) {
      const r = refusal(checkHearingNotice({ ...base, committee: [...nonBoard(3), { user_id: 'x', role, name: 'Pat Director' }] }));
      expect(r?.rule_id).toBe('FL.hearing_committee@2017-07-01');
      expect(r?.message).toMatch(/^The hearing committee may not include directors, officers or employees .*: Pat Director \(/);
    }
    const relative = refusal(checkHearingNotice({ ...base, committee: [...nonBoard(2), { user_id: 'r', role: 'owner', name: 'Sam', is_relative_of_director_officer_or_employee: true }] }));
    expect(relative?.message).toMatch(/Sam \(a relative of a director, officer or employee\)/);
  });

  it('FL: since July 2024 the hearing must be within 90 days of the notice', () => {
    const base = { state: 'FL', notice_sent_on: '2026-01-01', committee: nonBoard(3) };
    expect(checkHearingNotice({ ...base, hearing_on: '2026-04-01' }).ok).toBe(true); // 90 days
    expect(refusal(checkHearingNotice({ ...base, hearing_on: '2026-04-02' }))?.message).toMatch(/within 90 days after its notice; a notice sent on 2026-01-01 allows a hearing until 2026-04-01, not 2026-04-02/);
    expect(checkHearingNotice({ ...base, notice_sent_on: '2024-01-01', hearing_on: '2024-06-01' }).ok).toBe(true);
  });

  it('other states: the generic 14 days, no committee rule', () => {
    expect(checkHearingNotice({ state: 'TX', notice_sent_on: '2026-03-01', hearing_on: '2026-03-15' }).ok).toBe(true);
    const r = refusal(checkHearingNotice({ state: 'TX', notice_sent_on: '2026-03-01', hearing_on: '2026-03-14' }));
    expect(r?.rule_id).toBe('generic.hearing_notice@1900-01-01');
    expect(r?.citation).toMatch(/generic/);
  });
});

describe('fines', () => {
  const ca: FineInput = { state: 'CA', decided_on: '2026-03-11', amount_cents: 10_000, per_violation_total_cents: 0, health_safety_finding: false, continuing: false, cured_before_hearing: false, hearing_held: true };
  const fl: FineInput = { ...ca, state: 'FL' };

  it('no fine before the hearing, anywhere', () => {
    for (const state of ['CA', 'FL', 'TX']) {
      expect(refusal(checkFine({ ...ca, state, hearing_held: false }))?.message).toMatch(/^A fine can be imposed only after the owner was given notice and the hearing was held/);
    }
  });

  it('CA after AB 130: $100 per violation allowed, $100.01 refused, more with a health and safety finding', () => {
    expect(checkFine(ca).ok).toBe(true);
    expect(refusal(checkFine({ ...ca, amount_cents: 10_001 }))).toEqual({
      ok: false, rule_id: 'CA.fine_cap@2025-07-01', citation: 'Cal. Civ. Code § 5850(c)-(d)',
      message: 'A fine may not exceed $100.00 per violation unless the board found in writing, at an open board meeting, that the violation may harm health or safety; $100.01 was asked (Cal. Civ. Code § 5850(c)-(d)).',
    });
    expect(refusal(checkFine({ ...ca, amount_cents: 5_000, per_violation_total_cents: 6_000 }))?.message).toMatch(/\$50\.00 was asked; \$60\.00 was already imposed for it/);
    expect(checkFine({ ...ca, amount_cents: 4_000, per_violation_total_cents: 6_000 }).ok).toBe(true);
    expect(checkFine({ ...ca, amount_cents: 50_000, health_safety_finding: true }).ok).toBe(true);
    // A continuing violation is still one violation in California.
    expect(checkFine({ ...ca, continuing: true, amount_cents: 20_000 }).ok).toBe(false);
  });

  it('CA before AB 130: no statutory cap (the fine schedule governs)', () => {
    expect(checkFine({ ...ca, decided_on: '2025-06-30', amount_cents: 50_000 }).ok).toBe(true);
  });

  it('CA: a cure before the hearing, or a financial commitment to one, bars the fine', () => {
    const r = refusal(checkFine({ ...ca, cured_before_hearing: true }));
    expect(r).toMatchObject({ rule_id: 'CA.cure_before_hearing@2025-07-01', citation: 'Cal. Civ. Code § 5855(c)' });
    expect(r?.message).toBe('The violation was cured before the hearing, so no fine may be imposed (Cal. Civ. Code § 5855(c)).');
    expect(refusal(checkFine({ ...ca, financial_commitment_to_cure: true }))?.message).toMatch(/financial commitment/);
    // Before AB 130 the generic rule refuses it too (Covenant's policy), naming that rule.
    expect(refusal(checkFine({ ...ca, decided_on: '2025-06-30', cured_before_hearing: true }))?.rule_id).toBe('generic.cure_before_hearing@1900-01-01');
  });

  it('FL: $100 per violation, $1,000 in all for a continuing violation', () => {
    expect(checkFine(fl).ok).toBe(true);
    expect(refusal(checkFine({ ...fl, amount_cents: 10_001 }))?.message).toBe('A fine may not exceed $100.00 per violation; $100.01 was asked (Fla. Stat. § 720.305(2)).');
    expect(checkFine({ ...fl, continuing: true, amount_cents: 100_000, per_day_cents: 10_000 }).ok).toBe(true);
    expect(checkFine({ ...fl, continuing: true, amount_cents: 40_000, per_violation_total_cents: 60_000 }).ok).toBe(true);
    expect(refusal(checkFine({ ...fl, continuing: true, amount_cents: 40_001, per_violation_total_cents: 60_000 }))?.message).toBe(
      'Fines for a continuing violation may not exceed $1,000.00 in all; $600.00 already imposed and $400.01 more makes $1,000.01 (Fla. Stat. § 720.305(2)).',
    );
    expect(refusal(checkFine({ ...fl, continuing: true, amount_cents: 30_000, per_day_cents: 15_000 }))?.message).toMatch(/may not exceed \$100\.00 a day; \$150\.00 a day was asked/);
    // No health and safety exception in Florida.
    expect(checkFine({ ...fl, amount_cents: 20_000, health_safety_finding: true }).ok).toBe(false);
    // The governing documents may set other limits.
    expect(checkFine({ ...fl, amount_cents: 25_000, governing_documents_caps: { per_violation_cents: 25_000, continuing_aggregate_cents: null } }).ok).toBe(true);
  });

  it('FL: a committee that did not approve, or a cure before the hearing, refuses the fine', () => {
    expect(refusal(checkFine({ ...fl, committee_approved: false }))?.rule_id).toBe('FL.hearing_committee@2017-07-01');
    expect(refusal(checkFine({ ...fl, cured_before_hearing: true }))?.rule_id).toBe('FL.cure_before_hearing@2024-07-01');
    expect(checkFine({ ...fl, committee_approved: true }).ok).toBe(true);
  });

  it('other states: no statutory cap, cure still bars the fine', () => {
    expect(checkFine({ ...ca, state: 'TX', amount_cents: 250_000 }).ok).toBe(true);
    expect(checkFine({ ...ca, state: 'TX', cured_before_hearing: true }).ok).toBe(false);
  });

  it('the allowed answer lists every rule it applied', () => {
    const r = checkFine(fl);
    expect(r.ok && r.rules.map((x) => x.rule_id)).toEqual(['FL.hearing_notice@2024-07-01', 'FL.hearing_committee@2017-07-01', 'FL.cure_before_hearing@2024-07-01', 'FL.fine_cap@2017-07-01']);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => checkFine({ ...ca, amount_cents: 10.5 })).toThrow(/whole number of cents/);
    expect(() => checkFine({ ...ca, amount_cents: 0 })).toThrow(/more than zero/);
  });
});

describe('decision notice and late fees', () => {
  it.each([
    ['CA', '2025-06-20', '2025-07-05', 15],
    ['CA', '2026-03-11', '2026-03-26', 15],
    ['CA', '2026-12-20', '2027-01-04', 15],
    ['FL', '2026-03-15', '2026-03-22', 7],
    ['FL', '2026-12-28', '2027-01-04', 7],
    ['TX', '2026-03-15', '2026-03-22', 7],
  ])('%s decided %s: due %s (%i days)', (state, decided_on, due, days) => {
    const d = decisionNoticeDue({ state, decided_on });
    expect(d.due_on).toBe(due);
    expect(d.message).toContain(`within ${days} days`);
  });

  it('CA bars late fees and interest on fines from July 2025; elsewhere the documents decide', () => {
    expect(lateFeesAllowedOnFines('CA', '2026-01-01')).toMatchObject({ allowed: false, citation: 'Cal. Civ. Code § 5850(c)' });
    expect(lateFeesAllowedOnFines('CA', '2025-06-30').allowed).toBe(true);
    expect(lateFeesAllowedOnFines('FL', '2026-01-01').allowed).toBe(true);
    expect(lateFeesAllowedOnFines('OR', '2026-01-01').allowed).toBe(true);
  });
});

describe('architectural review', () => {
  it('respond by the submission plus arc_response_days, 45 by default', () => {
    expect(arcRespondBy({ submitted_on: '2026-03-01' })).toEqual({ respond_by: '2026-04-15', days: 45 });
    expect(arcRespondBy({ submitted_on: '2026-12-01', arc_response_days: 30 })).toEqual({ respond_by: '2026-12-31', days: 30 });
    expect(() => arcRespondBy({ submitted_on: '2026-03-01', arc_response_days: 0 })).toThrow();
  });

  it('a denial needs a reason; in CA also how to ask for reconsideration', () => {
    const base = { state: 'CA', decided_on: '2026-03-01', decision: 'denied' };
    expect(refusal(checkArchitecturalDecision({ ...base, reason: ' ' }))?.message).toBe('A denial must explain why the request is denied (Cal. Civ. Code § 4765(a)).');
    expect(refusal(checkArchitecturalDecision({ ...base, reason: 'Color not approved' }))?.message).toMatch(/reconsider the decision at an open board meeting/);
    expect(checkArchitecturalDecision({ ...base, reason: 'Color not approved', reconsideration_instructions: 'Write to the board within 30 days.' }).ok).toBe(true);
    expect(checkArchitecturalDecision({ ...base, state: 'FL', reason: 'Color not approved' }).ok).toBe(true);
    expect(checkArchitecturalDecision({ ...base, state: 'FL' }).ok).toBe(false);
    expect(checkArchitecturalDecision({ ...base, decision: 'approved' }).ok).toBe(true);
  });
});

describe('records requests', () => {
  const ca = { state: 'CA', received_on: '2026-03-02', current_fiscal_year: 2026 };
  it('CA: current year in 10 business days, the two prior years in 30 calendar days, older none', () => {
    expect(recordsRequestDue({ ...ca, fiscal_year_of_records: 2026 })).toMatchObject({ due_on: '2026-03-16', citation: 'Cal. Civ. Code § 5210(b)' });
    expect(recordsRequestDue({ ...ca, fiscal_year_of_records: 2025 }).due_on).toBe('2026-04-01');
    expect(recordsRequestDue({ ...ca, fiscal_year_of_records: 2024 }).due_on).toBe('2026-04-01');
    expect(recordsRequestDue({ ...ca, fiscal_year_of_records: 2023 })).toMatchObject({ due_on: null, message: expect.stringMatching(/older than the 2 previous fiscal years/) });
    expect(() => recordsRequestDue({ ...ca, fiscal_year_of_records: 2027 })).toThrow(/has not begun/);
    // Over Thanksgiving and across the year end.
    expect(recordsRequestDue({ ...ca, received_on: '2026-11-20', fiscal_year_of_records: 2026 }).due_on).toBe('2026-12-07');
    expect(recordsRequestDue({ ...ca, received_on: '2026-12-18', fiscal_year_of_records: 2026 }).due_on).toBe('2027-01-05');
  });
  it('FL: 10 business days for the official records; other states the generic 10 business days', () => {
    expect(recordsRequestDue({ ...ca, state: 'FL', fiscal_year_of_records: 2021 }).due_on).toBe('2026-03-16');
    expect(recordsRequestDue({ ...ca, state: 'WA', fiscal_year_of_records: 2025 }).due_on).toBe('2026-03-16');
  });
});

describe('meeting notices', () => {
  const la = 'America/Los_Angeles';
  const ny = 'America/New_York';
  it('CA board: 4 days', () => {
    expect(checkMeetingNotice({ state: 'CA', kind: 'board', notice_sent_on: '2026-03-06', starts_at: '2026-03-10T18:30:00-07:00', time_zone: la }).ok).toBe(true);
    expect(refusal(checkMeetingNotice({ state: 'CA', kind: 'board', notice_sent_on: '2026-03-07', starts_at: '2026-03-10T18:30:00-07:00', time_zone: la }))?.message).toBe(
      'Notice of a board meeting must be given at least 4 days before it; a notice sent on 2026-03-07 gives 3 days before 2026-03-10. Send it by 2026-03-06 (Cal. Civ. Code § 4920(a)).',
    );
  });
  it("the meeting's day is its day in the association's zone", () => {
    // 2026-03-11 05:30 UTC is the evening of March 10 in Los Angeles and the small hours of March 11 in New York.
    expect(checkMeetingNotice({ state: 'CA', kind: 'board', notice_sent_on: '2026-03-07', starts_at: '2026-03-11T05:30:00Z', time_zone: la }).ok).toBe(false);
    expect(checkMeetingNotice({ state: 'CA', kind: 'board', notice_sent_on: '2026-03-07', starts_at: '2026-03-11T05:30:00Z', time_zone: ny }).ok).toBe(true);
  });
  it('CA members: 10 to 90 days', () => {
    const base = { state: 'CA', kind: 'annual' as const, starts_at: '2026-06-20T10:00:00-07:00', time_zone: la };
    expect(checkMeetingNotice({ ...base, notice_sent_on: '2026-06-10' }).ok).toBe(true);
    expect(refusal(checkMeetingNotice({ ...base, notice_sent_on: '2026-06-11' }))?.citation).toBe('Cal. Corp. Code § 7511(a)');
    expect(checkMeetingNotice({ ...base, notice_sent_on: '2026-03-22' }).ok).toBe(true);
    expect(refusal(checkMeetingNotice({ ...base, notice_sent_on: '2026-03-21' }))?.message).toMatch(/not be given more than 90 days before it; send it on 2026-03-22 or later/);
  });
  it('FL members: 14 days; FL board: 48 hours, counted from the end of the notice day without its time', () => {
    const m = { state: 'FL', kind: 'special' as const, starts_at: '2026-03-15T19:00:00-04:00', time_zone: ny };
    expect(checkMeetingNotice({ ...m, notice_sent_on: '2026-03-01' }).ok).toBe(true);
    expect(refusal(checkMeetingNotice({ ...m, notice_sent_on: '2026-03-02' }))?.citation).toBe('Fla. Stat. § 720.306(5)');
    const b = { state: 'FL', kind: 'board' as const, starts_at: '2026-03-12T19:00:00-04:00', time_zone: ny };
    expect(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-09' }).ok).toBe(true);
    expect(refusal(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-10' }))?.message).toBe(
      'Notice of a board meeting must be posted at least 48 hours before it; this notice gives 43 hours (without the time it was posted, a notice counts from the end of its day) (Fla. Stat. § 720.303(2)(c)).',
    );
    expect(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-10', notice_sent_at: '2026-03-10T18:00:00-04:00' }).ok).toBe(true);
    expect(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-10', notice_sent_at: '2026-03-10T19:00:01-04:00' }).ok).toBe(false);
    // Across the spring clock change (2026-03-08 in New York) an hour is missing from the day.
    expect(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-06', notice_sent_at: '2026-03-06T19:30:00-05:00', starts_at: '2026-03-08T19:00:00-04:00' }).ok).toBe(false);
    // A board meeting on assessments needs 14 days.
    expect(refusal(checkMeetingNotice({ ...b, notice_sent_on: '2026-03-01', considers_assessments: true }))?.message).toMatch(/consider assessments must be noticed at least 14 days/);
    expect(checkMeetingNotice({ ...b, notice_sent_on: '2026-02-26', considers_assessments: true }).ok).toBe(true);
  });
  it('other states: board 4 days, members 14 days', () => {
    expect(checkMeetingNotice({ state: 'AZ', kind: 'committee', notice_sent_on: '2026-03-06', starts_at: '2026-03-10T18:00:00-07:00', time_zone: 'America/Phoenix' }).ok).toBe(true);
    expect(checkMeetingNotice({ state: 'AZ', kind: 'annual', notice_sent_on: '2026-03-06', starts_at: '2026-03-19T18:00:00-07:00', time_zone: 'America/Phoenix' }).ok).toBe(false);
  });
});

describe('estoppel certificates', () => {
  it.each([
    ['FL', '2026-03-02', false, '2026-03-16'],
    ['FL', '2026-03-02', true, '2026-03-05'],
    ['FL', '2026-11-23', false, '2026-12-08'], // Thanksgiving
    ['FL', '2026-11-25', true, '2026-12-01'],
    ['FL', '2026-12-21', false, '2027-01-06'], // Christmas and New Year
    ['FL', '2026-12-24', false, '2027-01-11'], // Christmas Eve: Christmas and New Year's Day are skipped
    ['FL', '2026-12-24', true, '2026-12-30'],
    ['FL', '2027-12-29', true, '2028-01-04'], // New Year observed on Friday 2027-12-31
    ['FL', '2026-06-17', true, '2026-06-23'], // Juneteenth
    ['FL', '2026-03-07', false, '2026-03-20'], // asked on a Saturday
    ['CA', '2026-03-02', false, '2026-03-12'], // ten calendar days
    ['TX', '2026-03-02', false, '2026-03-16'],
  ])('%s requested %s rush=%s: due %s', (state, requested_on, rush, due) => {
    expect(estoppelDueOn({ state, requested_on, rush }).due_on).toBe(due);
  });

  it('FL fees: $299, +$119 rush delivered within 3 business days, +$179 delinquent', () => {
    const base = { state: 'FL', requested_on: '2026-03-02', rush: false, delinquent: false };
    expect(estoppelFee(base).fee_cents).toBe(29_900);
    expect(estoppelFee({ ...base, rush: true }).fee_cents).toBe(41_800);
    expect(estoppelFee({ ...base, rush: true, delinquent: true })).toMatchObject({
      fee_cents: 59_700, parts: [{ kind: 'preparation', cents: 29_900 }, { kind: 'rush', cents: 11_900 }, { kind: 'delinquent', cents: 17_900 }],
      message: '$597.00 (preparation $299.00, rush $119.00, delinquent $179.00), per Fla. Stat. § 720.30851.',
    });
    expect(estoppelFee({ ...base, rush: true, issued_on: '2026-03-05' }).fee_cents).toBe(41_800);
    // Rush asked but delivered on the fourth business day: no rush fee.
    expect(estoppelFee({ ...base, rush: true, issued_on: '2026-03-06' })).toMatchObject({ fee_cents: 29_900, message: expect.stringMatching(/rush fee is not due/) });
    expect(estoppelFee({ ...base, delinquent: true, issued_on: '2026-03-16' }).fee_cents).toBe(47_800);
    // Issued after the 10 business days: no fee at all.
    expect(estoppelFee({ ...base, delinquent: true, issued_on: '2026-03-17' })).toMatchObject({ fee_cents: 0, message: expect.stringMatching(/no fee may be charged/) });
    // Over a holiday the deadline moves, and so does the day the fee is lost.
    expect(estoppelFee({ ...base, requested_on: '2026-11-23', issued_on: '2026-12-08' }).fee_cents).toBe(29_900);
    expect(estoppelFee({ ...base, requested_on: '2026-11-23', issued_on: '2026-12-09' }).fee_cents).toBe(0);
    // Before July 2022 the caps were $250, $100 and $150.
    expect(estoppelFee({ ...base, requested_on: '2022-06-30', rush: true, delinquent: true }).fee_cents).toBe(50_000);
    // The association's own lower fee stands; a higher one is held to the cap.
    expect(estoppelFee({ ...base, org_fees: { base_cents: 20_000, rush_cents: 5_000, delinquent_cents: 50_000 }, delinquent: true }).fee_cents).toBe(37_900);
  });

  it('elsewhere the organization fee settings apply and a late certificate keeps its fee', () => {
    const org = { base_cents: 15_000, rush_cents: 7_500, delinquent_cents: 2_500 };
    expect(estoppelFee({ state: 'CA', requested_on: '2026-03-02', rush: true, delinquent: true, org_fees: org })).toMatchObject({ fee_cents: 25_000, message: expect.stringMatching(/organization's fee settings/) });
    expect(estoppelFee({ state: 'CA', requested_on: '2026-03-02', issued_on: '2026-04-30', rush: false, delinquent: false, org_fees: org }).fee_cents).toBe(15_000);
    expect(estoppelFee({ state: 'TX', requested_on: '2026-03-02', rush: false, delinquent: false }).fee_cents).toBe(0);
    expect(() => estoppelFee({ state: 'FL', requested_on: '2026-03-02', issued_on: '2026-03-01', rush: false, delinquent: false })).toThrow(/before it was requested/);
  });

  it('FL certificates are valid 30 days (35 by mail); elsewhere no statutory period', () => {
    expect(estoppelValidUntil({ state: 'FL', issued_on: '2026-03-16' }).due_on).toBe('2026-04-15');
    expect(estoppelValidUntil({ state: 'FL', issued_on: '2026-12-15', delivery: 'mail' }).due_on).toBe('2027-01-19');
    expect(estoppelValidUntil({ state: 'CA', issued_on: '2026-03-16' }).due_on).toBeNull();
  });
});

describe('votes', () => {
  it('CA: no electronic vote on assessments, an inspector required, none at all before 2025', () => {
    expect(allowsElectronicVote({ state: 'CA', is_assessment: false, on: '2026-05-01' }).ok).toBe(true);
    expect(refusal(allowsElectronicVote({ state: 'CA', is_assessment: true, on: '2026-05-01' }))).toEqual({
      ok: false, rule_id: 'CA.electronic_voting@2025-01-01', citation: 'Cal. Civ. Code § 5105(i)',
      message: 'A vote on regular or special assessments cannot be held electronically; use written ballots (Cal. Civ. Code § 5105(i)).',
    });
    expect(allowsElectronicVote({ state: 'CA', is_assessment: false, on: '2026-05-01', has_inspector: false }).ok).toBe(false);
    expect(allowsElectronicVote({ state: 'CA', is_assessment: false, on: '2024-12-31' }).ok).toBe(false);
    expect(allowsElectronicVote({ state: 'FL', is_assessment: true, on: '2026-05-01' }).ok).toBe(true);
    expect(allowsElectronicVote({ state: 'CO', is_assessment: true, on: '2026-05-01' }).ok).toBe(true);
  });

  it('default quorum: FL 30%, CA one third, elsewhere the bylaws', () => {
    expect(defaultQuorumPercent('FL', '2026-01-01')).toMatchObject({ percent: '30', citation: 'Fla. Stat. § 720.306(1)(a)' });
    expect(defaultQuorumPercent('CA', '2026-01-01')).toMatchObject({ percent: '100/3', message: expect.stringMatching(/one third/) });
    expect(defaultQuorumPercent('GA', '2026-01-01').percent).toBeNull();
  });
});
