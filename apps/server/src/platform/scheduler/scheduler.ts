import { Cron } from 'croner';
import type { Ctx } from '../../lib/context.ts';
import type { JobDef } from '../registry.ts';

/**
 * Runs the features' jobs inside the server: at every start and then at the top of every hour (croner), in every
 * association that is not archived. Each job decides from that association's settings (run hour, time zone)
 * whether its work is due and records what it did under a database lock, so several processes, restarts and
 * manual runs never repeat it. One tick at a time per process; a failing job is logged (with its association) and
 * tried again at the next tick; the other associations still run.
 */
export class Scheduler {
  private readonly cron: Cron;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly jobs: readonly JobDef[],
    private readonly contexts: () => Ctx[],
    private readonly onError: (job: string, err: unknown) => void,
    opts: { tickAtStart?: boolean } = {},
  ) {
    this.cron = new Cron('0 * * * *', { protect: true }, () => this.tick());
    if (opts.tickAtStart !== false) setTimeout(() => void this.tick(), 1_000).unref();
  }

  /** Runs every job once now (at the instant given). */
  tick(at: Date = new Date()): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) return this.running;
    this.running = (async () => {
      for (const ctx of this.contexts()) {
        for (const job of this.jobs) {
          if (this.stopped) return;
          try {
            await job.run(ctx, at);
          } catch (err) {
            this.onError(`${ctx.association?.app_id ?? '?'}:${job.name}`, err);
          }
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the clock and waits for a tick in progress. */
  async close(): Promise<void> {
    this.stopped = true;
    this.cron.stop();
    await this.running;
  }
}
