import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';

/** A caller's requests with the usual assertions (200, or an expected refusal), and the seeded funds and accounts by number. */
export async function booksSession(t: TestApp, token: string) {
  const call = (method: string, url: string, body?: unknown, as = token) => t.call(method, url, { token: as, body });
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const refused = async (status: number, method: string, url: string, body?: unknown, as = token) => {
    const res = await call(method, url, body, as);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as { message: string; code: string };
  };
  const list = (await ok('GET', '/entities/Fund')) as Array<{ id: string; system_key: string | null }>;
  const funds = { operating: list.find((f) => f.system_key === 'operating')!.id, reserve: list.find((f) => f.system_key === 'reserve')!.id };
  const chart = (await ok('GET', '/entities/ChartOfAccount?sort=account_number')) as Array<{ id: string; account_number: string }>;
  const accounts: Record<string, string> = Object.fromEntries(chart.map((a) => [a.account_number, a.id]));
  return { call, ok, refused, funds, accounts };
}

export type BooksSession = Awaited<ReturnType<typeof booksSession>>;
