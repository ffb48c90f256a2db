import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { mailJobs } from '@covenant/db/schema/mailings';
import type { Ctx } from '../../lib/context.ts';
import { loadLetterhead, type Letterhead } from '../statements/pdf.ts';
import { deliver } from './mailings.service.ts';

/** Someone a message goes to: their address and the name the greeting uses. */
export interface MailRecipient {
  email: string;
  name: string;
}

const PROGRESS_EVERY = 20;

/** Each address once (the first name given for it), compared without case or spaces; empty addresses left out. */
export function uniqueRecipients(list: readonly MailRecipient[]): MailRecipient[] {
  const seen = new Set<string>();
  return list.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Messages of one mail job sent one by one after the request that started it answered (announcements, meeting
 * notices): the job's progress every 20 messages, each failed delivery kept with its reason, the job ended done or
 * failed. Each feature keeps one of these for its jobs, so a shutdown stops them between messages and waits for them.
 */
export class BackgroundMail {
  private readonly running = new Map<string, { stop: boolean; done: Promise<void> }>();

  /** Starts the job; `message` writes each recipient's subject and text with the association's letterhead. */
  start(ctx: Ctx, jobId: string, to: readonly MailRecipient[], message: (r: MailRecipient, letterhead: Letterhead) => { subject: string; text: string }): void {
    const state = { stop: false, done: Promise.resolve() };
    // Its own context: the request's transaction and permission cache end when the request answers.
    const jobCtx: Ctx = { db: ctx.db, association: ctx.association, actor: ctx.actor, services: ctx.services, permissionCache: new Map() };
    state.done = this.run(jobCtx, jobId, to, message, state).finally(() => this.running.delete(jobId));
    this.running.set(jobId, state);
  }

  /** Waits for this process's jobs (tests, the demo), or stops them between messages first (shutdown). */
  async settled(stop = false): Promise<void> {
    for (const job of this.running.values()) job.stop ||= stop;
    await Promise.all([...this.running.values()].map((j) => j.done));
  }

  private async run(ctx: Ctx, jobId: string, to: readonly MailRecipient[], message: (r: MailRecipient, letterhead: Letterhead) => { subject: string; text: string }, state: { stop: boolean }): Promise<void> {
    let sent = 0;
    let done = 0;
    const skipped: Array<{ id: string; reason: string }> = [];
    const progress = (extra: Partial<typeof mailJobs.$inferInsert> = {}) =>
      ctx.db.update(mailJobs).set({ done, sent, skipped, updated_date: new Date(), ...extra }).where(eq(mailJobs.id, jobId));
    try {
      const letterhead = await loadLetterhead(ctx);
      for (const r of to) {
        if (state.stop) throw new Error('The server stopped before the run finished');
        const res = await deliver(ctx, { to: r.email, ...message(r, letterhead) });
        if (res.status === 'failed') skipped.push({ id: r.email, reason: `delivery failed: ${res.error}` });
        else sent++;
        done++;
        if (done % PROGRESS_EVERY === 0) await progress();
        await yieldToRequests();
      }
      await progress({ status: 'done', finished_date: new Date() });
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      await progress({ status: 'failed', error: text.slice(0, 500), finished_date: new Date() }).catch(() => undefined);
    }
  }
}
