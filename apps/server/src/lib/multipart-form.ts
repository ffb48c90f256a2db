import { randomBytes } from 'node:crypto';

/** A multipart/form-data body of the given parts (a file part has a filename): for tests and the bench, as a browser sends it. */
export function multipartForm(parts: Array<{ name: string; value: string | Buffer; filename?: string; contentType?: string }>): { payload: Buffer; contentType: string } {
  const boundary = `----covenant${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
