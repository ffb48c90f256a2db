import {
  assertUsd, checkNumberInText, cleanText, compactOrIsoDate, decimalToCents, fail, joinSections, statementAccount, lineLocator,
  normalizeCheckNumber, textOrNull, type AccountSection, type ParsedStatement, type ParseOptions, type StatementLine,
} from './statement.values.ts';

/**
 * OFX and QFX, versions 1.x (SGML: a header of KEY:VALUE lines, leaf tags without closing tags) and 2.x (XML).
 * One tokenizer reads both, because banks mix them (closed leaves in 1.x files, unclosed ones in 2.x files).
 */
interface OfxNode {
  tag: string;
  line: number;
  value?: string;
  children: OfxNode[];
}

/** Aggregates that close explicitly in every OFX version; an empty one is still an aggregate, never a leaf. */
const AGGREGATES = new Set([
  'OFX', 'SIGNONMSGSRSV1', 'SONRS', 'STATUS', 'FI', 'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM', 'BANKACCTTO',
  'BANKTRANLIST', 'STMTTRN', 'LEDGERBAL', 'AVAILBAL', 'BALLIST', 'BAL', 'PAYEE', 'CURRENCY', 'ORIGCURRENCY',
  'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS', 'CCACCTFROM', 'CCACCTTO', 'INVSTMTMSGSRSV1', 'INVSTMTTRNRS', 'INVSTMTRS',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The element tree under <OFX>, tolerant of unclosed leaves and stray closing tags; a cut-off file is refused. */
export function readOfxTree(text: string): OfxNode {
  const start = text.search(/<OFX>/i);
  if (start < 0) fail(null, 'the file has no <OFX> element: it is not an OFX or QFX file');
  const lineAt = lineLocator(text);
  const closedTags = new Set<string>();
  for (const m of text.slice(start).matchAll(/<\/\s*([A-Za-z0-9._]+)\s*>/g)) closedTags.add(m[1]!.toUpperCase());
  const mayHoldChildren = (tag: string) => AGGREGATES.has(tag) || closedTags.has(tag);

  const root: OfxNode = { tag: '#root', line: 1, children: [] };
  const stack: OfxNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  let pos = start;
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunk = lt < 0 ? text.slice(pos) : text.slice(pos, lt);
    if (chunk.trim() !== '' && stack.length > 1 && top().children.length === 0) top().value = (top().value ?? '') + chunk;
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      pos = end < 0 ? text.length : end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end < 0) fail(lineAt(lt), 'the file ends inside a CDATA section: it looks cut off');
      if (stack.length > 1) top().value = (top().value ?? '') + text.slice(lt + 9, end);
      pos = end + 3;
      continue;
    }
    const gt = text.indexOf('>', lt);
    const nextLt = text.indexOf('<', lt + 1);
    if (gt < 0 || (nextLt >= 0 && nextLt < gt)) fail(lineAt(lt), `the tag '${text.slice(lt, lt + 20).split(/\s/)[0]}' is not closed with '>': the file looks cut off`);
    pos = gt + 1;
    const first = text[lt + 1];
    if (first === '?' || first === '!') continue;
    const tag = TAG.exec(text.slice(lt + 1, gt));
    if (!tag) fail(lineAt(lt), `'${text.slice(lt, gt + 1)}' is not an OFX tag`);
    const closing = tag[1] === '/';
    const selfClosing = !closing && tag[3] === '/';
    const name = tag[2]!.toUpperCase();
    if (closing) {
      let at = stack.length - 1;
      while (at > 0 && stack[at]!.tag !== name) at -= 1;
      // A closing tag with nothing open to close (a leaf closed twice) is ignored.
      if (at > 0) stack.length = at;
      continue;
    }
    // A leaf ends where the next tag starts: it has a value, or it is a tag the file never closes.
    while (stack.length > 1 && (top().value !== undefined || !mayHoldChildren(top().tag))) stack.pop();
    const node: OfxNode = { tag: name, line: lineAt(lt), children: [] };
    top().children.push(node);
    if (!selfClosing) stack.push(node);
  }
  while (stack.length > 1) {
    const node = stack.pop()!;
    if (node.value === undefined && (node.children.length > 0 || AGGREGATES.has(node.tag))) {
      fail(node.line, `the file ends before <${node.tag}> is closed: it looks cut off`);
    }
  }
  for (const node of descendants(root)) if (node.value !== undefined) node.value = (node.value.includes('&') ? decodeEntities(node.value) : node.value).trim();
  const ofx = root.children.find((n) => n.tag === 'OFX');
  if (!ofx) fail(null, 'the file has no <OFX> element');
  return ofx;
}

/** A tag: an optional slash, the name, attributes (ignored), an optional closing slash. */
const TAG = /^\s*(\/?)\s*([A-Za-z0-9._]+)(?:\s[^/]*)?\s*(\/?)\s*$/;

/** A node and everything under it, in document order. */
function descendants(node: OfxNode): OfxNode[] {
  const out: OfxNode[] = [];
  const todo = [node];
  while (todo.length > 0) {
    const n = todo.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i -= 1) todo.push(n.children[i]!);
  }
  return out;
}

function child(node: OfxNode | undefined, tag: string): OfxNode | undefined {
  return node?.children.find((c) => c.tag === tag);
}
function valueOf(node: OfxNode | undefined, ...path: string[]): string | undefined {
  let n = node;
  for (const tag of path) n = child(n, tag);
  return n?.value;
}
function findAll(nodes: readonly OfxNode[], ...tags: string[]): OfxNode[] {
  return nodes.filter((n) => tags.includes(n.tag));
}

/** Transaction types that always take money out; some banks write them with positive amounts. */
const OUTGOING_TYPES = new Set(['DEBIT', 'CHECK', 'PAYMENT', 'FEE', 'SRVCHG', 'DIRECTDEBIT', 'CASH', 'REPEATPMT']);

interface RawTransaction {
  node: OfxNode;
  type: string;
  cents: number;
}

function checkStatus(status: OfxNode | undefined, what: string): void {
  const code = valueOf(status, 'CODE');
  const severity = (valueOf(status, 'SEVERITY') ?? '').toUpperCase();
  if (code !== undefined && code !== '0' && severity === 'ERROR') {
    const message = valueOf(status, 'MESSAGE');
    fail(status!.line, `the bank reported an error for ${what} (code ${code}${message ? `: ${message}` : ''}); download the statement again`);
  }
}

function readStatement(stmt: OfxNode, warnings: string[]): AccountSection {
  assertUsd(valueOf(stmt, 'CURDEF'), child(stmt, 'CURDEF')?.line ?? stmt.line);
  const from = child(stmt, 'BANKACCTFROM') ?? child(stmt, 'CCACCTFROM');
  const acctId = cleanText(valueOf(from, 'ACCTID'));
  const routing = cleanText(valueOf(from, 'BANKID'));
  const list = child(stmt, 'BANKTRANLIST');
  const raws: RawTransaction[] = [];
  for (const trn of list?.children.filter((c) => c.tag === 'STMTTRN') ?? []) {
    const amount = valueOf(trn, 'TRNAMT');
    if (amount === undefined || amount === '') fail(trn.line, 'the transaction has no amount (TRNAMT)');
    raws.push({ node: trn, type: (valueOf(trn, 'TRNTYPE') ?? '').toUpperCase(), cents: decimalToCents(amount, child(trn, 'TRNAMT')!.line) });
  }
  // Quirk: a bank that writes every amount as positive marks withdrawals only by their type.
  const flip = raws.length > 0 && raws.every((r) => r.cents >= 0) && raws.some((r) => r.cents > 0 && OUTGOING_TYPES.has(r.type));
  if (flip) warnings.push(`The bank wrote every amount as positive; transactions of type ${[...OUTGOING_TYPES].join(', ')} were taken as withdrawals.`);
  let missingIds = 0;
  const lines: StatementLine[] = raws.map(({ node, type, cents }) => {
    const dateNode = child(node, 'DTPOSTED') ?? child(node, 'DTUSER') ?? child(node, 'DTAVAIL');
    if (!dateNode?.value) fail(node.line, 'the transaction has no date (DTPOSTED)');
    const amount_cents = flip && OUTGOING_TYPES.has(type) ? -cents : cents;
    const name = textOrNull(valueOf(node, 'NAME') ?? valueOf(node, 'PAYEE', 'NAME') ?? valueOf(node, 'EXTDNAME'));
    const memo = textOrNull(valueOf(node, 'MEMO'));
    // Banks cut NAME at 32 characters and go on in MEMO; a MEMO that repeats NAME replaces it.
    const description = name && memo ? (memo.startsWith(name) ? memo : `${name} ${memo}`) : (name ?? memo ?? type);
    const fitid = textOrNull(valueOf(node, 'FITID'));
    if (!fitid) missingIds += 1;
    const checkNumber = normalizeCheckNumber(valueOf(node, 'CHECKNUM'))
      ?? (type === 'CHECK' ? normalizeCheckNumber(valueOf(node, 'REFNUM')) : null)
      ?? (amount_cents < 0 ? checkNumberInText(description) : null);
    return {
      line_no: node.line,
      date: compactOrIsoDate(dateNode.value, dateNode.line, 'date'),
      amount_cents,
      description,
      payee: name,
      bank_reference: fitid,
      check_number: checkNumber,
    };
  });
  if (missingIds > 0) warnings.push(`${missingIds} transaction(s) have no bank id (FITID); duplicates among them are found by date, amount and description.`);
  const ledger = child(stmt, 'LEDGERBAL');
  const balAmt = child(ledger, 'BALAMT');
  const closing = balAmt?.value ? decimalToCents(balAmt.value, balAmt.line, 'balance') : null;
  const dateOf = (tag: string) => {
    const n = child(list, tag);
    return n?.value ? compactOrIsoDate(n.value, n.line, tag === 'DTSTART' ? 'start date' : 'end date') : null;
  };
  return {
    accountKey: acctId || null,
    account: statementAccount(acctId, routing),
    line: stmt.line,
    period_start: dateOf('DTSTART'),
    period_end: dateOf('DTEND'),
    // OFX states only the ledger balance at the end; the opening balance follows from it and the transactions.
    opening_balance_cents: closing === null ? null : closing - lines.reduce((s, l) => s + l.amount_cents, 0),
    closing_balance_cents: closing,
    lines,
  };
}

/** Reads an OFX or QFX statement (bank or credit card) into the normalized statement. */
export function parseOfx(text: string, options: ParseOptions = {}): ParsedStatement {
  const ofx = readOfxTree(text);
  const warnings: string[] = [];
  checkStatus(child(child(child(ofx, 'SIGNONMSGSRSV1'), 'SONRS'), 'STATUS'), 'the sign-on');
  const nodes = descendants(ofx);
  for (const rs of findAll(nodes, 'STMTTRNRS', 'CCSTMTTRNRS')) checkStatus(child(rs, 'STATUS'), 'this account');
  const statements = findAll(nodes, 'STMTRS', 'CCSTMTRS');
  if (statements.length === 0) {
    if (findAll(nodes, 'INVSTMTRS').length > 0) fail(null, 'the file is an investment statement, not a bank statement');
    fail(ofx.line, 'the OFX file holds no bank statement (STMTRS)');
  }
  const isQfx = nodes.some((n) => n.tag.startsWith('INTU.'));
  return joinSections(isQfx ? 'qfx' : 'ofx', statements.map((s) => readStatement(s, warnings)), warnings, options);
}
