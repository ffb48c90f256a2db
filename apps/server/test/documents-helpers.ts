import { randomBytes } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TestApp } from './helpers.ts';

/** A real 1×1 PNG (decodable: pdfkit embeds it). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The text of every page of a PDF, read back by a PDF reader (pdf.js through unpdf), pages joined. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Uploads a logo through the real upload route and makes it the organization's, with a name and an address. */
export async function setLetterhead(t: TestApp, adminToken: string, fields: Record<string, unknown> = {}) {
  const boundary = `----covenant-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    TINY_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await t.app.inject({
    method: 'POST', url: `${t.base}/integration-endpoints/Core/UploadFile`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${adminToken}` },
  });
  if (upload.statusCode !== 200) throw new Error(`upload ${upload.statusCode}: ${upload.body}`);
  const body = { company_name: 'Maple Grove HOA', address: '12 Elm Street', city: 'Springfield', state: 'IL', zip_code: '62701', logo_url: upload.json().file_url, ...fields };
  const existing = (await t.call('GET', '/entities/OrgSettings', { token: adminToken })).json() as Array<{ id: string }>;
  const res = existing[0]
    ? await t.call('PUT', `/entities/OrgSettings/${existing[0].id}`, { token: adminToken, body })
    : await t.call('POST', '/entities/OrgSettings', { token: adminToken, body });
  if (res.statusCode !== 200) throw new Error(`org settings ${res.statusCode}: ${res.body}`);
}

/** Issues a sent invoice of one line through saveInvoice. */
export async function issueInvoice(t: TestApp, token: string, ownerId: string, date: string, amount: number, over: Record<string, unknown> = {}) {
  const due = new Date(Date.parse(`${date}T00:00:00Z`) + 15 * 86_400_000).toISOString().slice(0, 10);
  const res = await t.call('POST', '/functions/saveInvoice', {
    token,
    body: { owner_id: ownerId, invoice_date: date, due_date: due, status: 'sent', lines: [{ description: 'HOA dues', quantity: 1, unit_price: amount }], ...over },
  });
  if (res.statusCode !== 200) throw new Error(`saveInvoice ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; invoice_number: string };
}

export async function pay(t: TestApp, token: string, ownerId: string, date: string, amount: number, invoiceIds: string[] = []) {
  const res = await t.call('POST', '/functions/recordPayment', { token, body: { owner_id: ownerId, amount, payment_date: date, invoice_ids: invoiceIds } });
  if (res.statusCode !== 200) throw new Error(`recordPayment ${res.statusCode}: ${res.body}`);
  return res.json().payment as { id: string; payment_number: string };
}
