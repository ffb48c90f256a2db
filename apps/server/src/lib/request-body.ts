import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, PayloadTooLargeError, UnauthorizedError, ValidationError } from './errors.ts';
import { isForbiddenKey } from './safe-json.ts';

/** onRequest hook of routes that need a session: an anonymous caller is refused before its body is read. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.ctx?.actor) throw new UnauthorizedError();
}

/** How much of a refused body the server still reads (and discards) after answering, and how long it waits for it. */
const DISCARD_AFTER_ANSWER_BYTES = 64 * 1024 * 1024;
const DISCARD_IDLE_MS = 2000;

/**
 * After an answer to a request whose body was not read (refused for no session or its size): the rest of the
 * body is read and discarded, so the client, still sending, gets the answer rather than a reset, and a small
 * body keeps its keep-alive connection. A body that goes on past the bound, or stalls, has its socket closed.
 */
export function discardUnreadBody(raw: IncomingMessage): void {
  const socket = raw.socket;
  let discarded = 0;
  // A light-my-request (inject) socket has nothing to close.
  const cut = () => (typeof socket?.destroy === 'function' ? socket.destroy() : undefined);
  const timer = setTimeout(cut, DISCARD_IDLE_MS);
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_AFTER_ANSWER_BYTES) cut();
    else timer.refresh();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * preParsing hook enforcing a limit chosen per request (the route's own bodyLimit is the largest of them):
 * a declared length over it is refused before reading, a chunked body once it passes the limit.
 */
export function limitBody(limitOf: (request: FastifyRequest) => number) {
  return async (request: FastifyRequest, _reply: unknown, payload: Readable): Promise<Readable> => {
    const limit = limitOf(request);
    if (Number(request.headers['content-length']) > limit) throw new PayloadTooLargeError();
    // The multipart reader takes the raw request with its own limits; a second reader here would stall it.
    if (/^\s*multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    let seen = 0;
    const limited = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > limit ? new PayloadTooLargeError() : null, chunk);
      },
    });
    payload.on('error', (err) => limited.destroy(err));
    return payload.pipe(limited);
  };
}

/** Errors of the multipart parser (busboy) become 400s a person can act on; its size limits become 413s. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError('The file is too large', 'file_too_large');
  if (statusCode === 413) return new PayloadTooLargeError();
  const reason = err instanceof Error ? err.message.replace(/^Multipart: /, '') : 'unreadable';
  return new ValidationError(`The multipart form data is malformed (${reason.toLowerCase()}); send it as multipart/form-data with a boundary`);
}

async function catchingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw multipartError(err);
  }
}

/** Whether the body is multipart form data; a multipart content type without a usable boundary is a 400. */
export function isMultipartBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (!/^\s*multipart\//i.test(type)) return false;
  if (!request.isMultipart() || !/;\s*boundary=(?:"[^"]+"|[^";\s]+)/i.test(type)) throw multipartError(new Error('Multipart: Boundary not found'));
  return true;
}

/** The one file of a multipart upload, in the named field, read whole (within the upload size limit). */
export async function readFilePart(request: FastifyRequest, field: string, what: string): Promise<{ data: Buffer; filename: string }> {
  if (!isMultipartBody(request)) throw new ValidationError(`Upload the ${what} as multipart form data in the field "${field}"`);
  return catchingMultipart(async () => {
    const part = await request.file();
    if (!part || part.fieldname !== field) throw new ValidationError(`Upload the ${what} in the field "${field}"`);
    return { data: await part.toBuffer(), filename: part.filename };
  });
}

/** Every field of a multipart form as text (a file's content too), the whole form within maxBytes. */
export async function readFormFields(request: FastifyRequest, maxBytes: number): Promise<Record<string, string>> {
  return catchingMultipart(async () => {
    const fields: Record<string, string> = {};
    let total = 0;
    for await (const part of request.parts({ limits: { fieldSize: maxBytes, fileSize: maxBytes, files: 5, fields: 50, parts: 55 } })) {
      if (isForbiddenKey(part.fieldname)) throw new ValidationError(`Form data contains a forbidden key '${part.fieldname}'`);
      const value = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
      total += Buffer.byteLength(value);
      if (total > maxBytes) throw new PayloadTooLargeError();
      fields[part.fieldname] = value;
    }
    return fields;
  });
}

/**
 * One file (the named field, its bytes as sent: a statement may be UTF-16) and the form's text fields, within
 * maxBytes for the file; a form without the file is a 400 saying which field to use.
 */
export async function readFileAndFields(request: FastifyRequest, field: string, what: string, maxBytes: number): Promise<{ file: { data: Buffer; filename: string }; fields: Record<string, string> }> {
  if (!isMultipartBody(request)) throw new ValidationError(`Upload the ${what} as multipart form data in the field "${field}"`);
  return catchingMultipart(async () => {
    const fields: Record<string, string> = {};
    let file: { data: Buffer; filename: string } | null = null;
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11 } })) {
      if (isForbiddenKey(part.fieldname)) throw new ValidationError(`Form data contains a forbidden key '${part.fieldname}'`);
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new PayloadTooLargeError();
        if (part.fieldname === field) file = { data, filename: part.filename };
      } else fields[part.fieldname] = String(part.value);
    }
    if (!file) throw new ValidationError(`Upload the ${what} in the field "${field}"`);
    return { file, fields };
  });
}
