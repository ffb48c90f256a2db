/** What the browser reads of a chosen statement file before it is sent: whether it is a CSV, and its columns. */

/** The file's text: UTF-16 by its byte-order mark, else UTF-8 (the server decodes Windows-1252 too). */
export async function fileText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Whether the text is one of the self-describing formats (OFX/QFX, CAMT.053, BAI2); else it is read as a CSV. */
export function isSelfDescribing(text: string): boolean {
  const head = text.slice(0, 8192);
  const trimmed = head.trimStart();
  return /^OFXHEADER\s*:/i.test(trimmed) || /<OFX>/i.test(head) || /^<(\?xml|Document|[A-Za-z0-9]+:Document)[\s>]/.test(trimmed) || /^01,/.test(trimmed);
}

/** One CSV line's cells (quotes and doubled quotes; the delimiter is the file's). */
export function csvCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * The CSV's header: among its first 30 lines, the first with the most cells (banks put an account summary of two
 * cells above the table), with the delimiter the file uses (comma, semicolon, tab or bar).
 */
export function csvHeader(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/).slice(0, 30).filter((l) => l.trim() !== '');
  const delimiter = [',', ';', '\t', '|'].map((d) => ({ d, n: (lines[0] ?? '').split(d).length })).sort((a, b) => b.n - a.n)[0]?.d ?? ',';
  let best: string[] = [];
  for (const line of lines) {
    const cells = csvCells(line, delimiter);
    if (cells.length > best.length) best = cells;
  }
  return best.filter((c) => c !== '');
}
