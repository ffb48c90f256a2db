import { todayIn } from '@covenant/contracts/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { setAssociationTimeZone, today } from './dates';

describe("the web's today", () => {
  afterEach(() => setAssociationTimeZone(null));

  it("is the browser's date until the association's zone is known", () => {
    const at = new Date('2026-08-01T03:00:00Z');
    expect(today(at)).toBe(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, at));
  });

  it("is the association's date once its zone is set, the server's rule on either side of midnight", () => {
    setAssociationTimeZone('America/Chicago');
    expect(today(new Date('2026-08-01T04:59:00Z'))).toBe('2026-07-31');
    expect(today(new Date('2026-08-01T05:00:00Z'))).toBe('2026-08-01');
    setAssociationTimeZone('Pacific/Kiritimati'); // UTC+14: already tomorrow
    expect(today(new Date('2026-08-01T10:00:00Z'))).toBe('2026-08-02');
    setAssociationTimeZone('');
    expect(today(new Date('2026-08-01T10:00:00Z'))).toBe(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date('2026-08-01T10:00:00Z')));
  });
});
