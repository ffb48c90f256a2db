import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ctx } from '../../lib/context.ts';
import { requireAdmin } from '../access/access.service.ts';
import { ForbiddenError } from '../../lib/errors.ts';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Where the gauges read their values when scraped. */
export interface MetricSources {
  pool?: (() => PoolStats) | undefined;
  realtimeConnections?: () => number;
}

/**
 * The Prometheus metrics of one server process: requests and latencies by route pattern, the database
 * pool, realtime connections, and Node's own (event loop lag, memory, CPU). One registry per app, so
 * several apps in one test process do not mix their figures.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'covenant_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private readonly durations = new Histogram({
    name: 'covenant_http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    const { pool } = sources;
    if (pool) {
      new Gauge({ name: 'covenant_db_pool_connections', help: 'PostgreSQL pool connections by state (total, idle, waiting clients) and its maximum', labelNames: ['state'], registers: [this.registry], collect() {
        const s = pool();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, s[state]);
      } });
    }
    const realtime = sources.realtimeConnections;
    if (realtime) {
      new Gauge({ name: 'covenant_realtime_connections', help: 'Open realtime sockets on this process', registers: [this.registry], collect() {
        this.set(realtime());
      } });
    }
  }

  /** Route is the pattern (/api/apps/:appId/entities/:entity), never the raw URL, so label values stay few. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    const name = route ?? 'unmatched';
    this.requests.inc({ method, route: name, status: String(status) });
    this.durations.observe({ method, route: name }, seconds);
  }
}

/** Administrators, or a scraper presenting METRICS_TOKEN as its bearer token. */
export async function readMetrics(ctx: Ctx, metrics: Metrics, bearer: string | undefined): Promise<string> {
  const token = ctx.services.config.metricsToken;
  if (token && bearer && sameSecret(bearer, token)) return metrics.registry.metrics();
  // Outside an association only a portfolio administrator (the instance's operator) is an administrator.
  requireAdmin(ctx);
  if (ctx.actor?.portfolio_role !== 'portfolio_admin') throw new ForbiddenError('Only the instance\'s portfolio administrators can read its metrics');
  return metrics.registry.metrics();
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
