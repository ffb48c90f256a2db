import { routingNumberProblem } from '@covenant/contracts/aba';
import { addDays } from '@covenant/contracts/documents';
import { ValidationError } from '../../lib/errors.ts';
import { NachaFormatError, readNachaFile } from './nacha.parser.ts';

/** A returned entry: the trace number of the entry we sent, why it came back, and when. */
export interface AchReturn {
  trace_number: string;
  return_code: string;
  date: string;
  amount_cents: number;
  /** The returning bank's own trace number of the return entry. */
  return_trace_number: string;
  addenda_information: string;
  line: number;
}

/** A notification of change: the entry settled, but future entries must use the corrected details. */
export interface AchChangeNotice {
  trace_number: string;
  change_code: string;
  date: string;
  corrected_data: string;
  line: number;
}

/** Short names of return codes (NACHA Operating Rules, Appendix Four), used as the bounce reason. */
export const RETURN_CODE_NAMES: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds', R02: 'Account closed', R03: 'No account or unable to locate account',
  R04: 'Invalid account number', R05: 'Unauthorized debit to a consumer account using a corporate SEC code',
  R06: 'Returned at the request of the originating bank', R07: 'Authorization revoked by the customer', R08: 'Payment stopped',
  R09: 'Uncollected funds', R10: 'Customer advises the debit was not authorized', R11: 'Entry not in accordance with the authorization',
  R12: 'Account sold to another bank', R13: 'Invalid routing number', R14: 'Representative payee deceased',
  R15: 'Account holder deceased', R16: 'Account frozen', R17: 'File record edit criteria', R20: 'Non-transaction account',
  R21: 'Invalid company identification', R22: 'Invalid individual ID number', R23: 'Credit entry refused by the receiver',
  R24: 'Duplicate entry', R29: 'Corporate customer advises not authorized', R31: 'Permissible return entry',
  R33: 'Return of an XCK entry',
};

/** Returns that stop autopay until the owner gives new details or a new authorization. */
export const PAUSING_RETURN_CODES: ReadonlySet<string> = new Set(['R02', 'R03', 'R04', 'R07', 'R08', 'R10', 'R16', 'R20', 'R29']);
/** Returns for lack of funds, which NACHA lets an originator present again. */
export const RETRYABLE_RETURN_CODES: ReadonlySet<string> = new Set(['R01', 'R09']);
/** At most two new presentments, within 180 days of the original entry's settlement (NACHA Rule 2.12.4). */
export const MAX_RETRIES = 2;
export const RETRY_WINDOW_DAYS = 180;

export function describeReturnCode(code: string): string {
  const c = code.trim().toUpperCase();
  return `${c} ${RETURN_CODE_NAMES[c] ?? 'Returned entry'}`;
}

/**
 * Reads a returns file from the bank: each 99 addenda is a return, each 98 a notification of change. The file
 * must pass the same validation as the files we send.
 */
export function readAchReturnsFile(text: string): { returns: AchReturn[]; notices: AchChangeNotice[] } {
  const { file, issues } = readNachaFile(text);
  if (issues.length > 0) throw new NachaFormatError(issues);
  const returns: AchReturn[] = [];
  const notices: AchChangeNotice[] = [];
  for (const batch of file.batches) {
    const date = batch.effective_date ?? file.creation_date;
    for (const entry of batch.entries) {
      for (const a of entry.addenda) {
        if (!date) throw new NachaFormatError([{ line: batch.line, message: 'the batch has no effective date and the file no creation date' }]);
        if (a.type === '99') {
          returns.push({
            trace_number: a.original_trace_number!, return_code: a.return_code!, date, amount_cents: entry.amount_cents,
            return_trace_number: entry.trace_number, addenda_information: a.addenda_information ?? '', line: a.line,
          });
        } else if (a.type === '98') {
          notices.push({ trace_number: a.original_trace_number!, change_code: a.change_code!, date, corrected_data: a.corrected_data!, line: a.line });
        }
      }
    }
  }
  if (returns.length === 0 && notices.length === 0) throw new ValidationError('The file holds no returns (addenda 99) or notifications of change (addenda 98)');
  return { returns, notices };
}

export interface ReturnDecision {
  /** The reason the payment bounces with ("R01 Insufficient funds"). */
  reason: string;
  pause_enrollment: boolean;
  /** Whether the debit may be presented again (with the entry description "RETRY PYMT"). */
  retry: boolean;
  /** The last day a new presentment may settle, for R01/R09; null otherwise. */
  retry_until: string | null;
}

/**
 * What a return does to the enrollment: pausing codes pause it; R01/R09 allow a new presentment while fewer than
 * two were made and the original entry settled within 180 days; other codes bounce the payment and nothing more.
 */
export function decideReturn(input: { return_code: string; return_date: string; original_settlement_date: string; retries_so_far: number }): ReturnDecision {
  const code = input.return_code.trim().toUpperCase();
  if (!/^R\d{2}$/.test(code)) throw new ValidationError(`Return code '${input.return_code}' is not R and two digits, such as R01`);
  if (!Number.isInteger(input.retries_so_far) || input.retries_so_far < 0) throw new RangeError('Retries so far must be a whole number');
  const reason = describeReturnCode(code);
  if (PAUSING_RETURN_CODES.has(code)) return { reason, pause_enrollment: true, retry: false, retry_until: null };
  if (!RETRYABLE_RETURN_CODES.has(code)) return { reason, pause_enrollment: false, retry: false, retry_until: null };
  const until = addDays(input.original_settlement_date, RETRY_WINDOW_DAYS);
  return { reason, pause_enrollment: false, retry: input.retries_so_far < MAX_RETRIES && input.return_date <= until, retry_until: until };
}

export interface StoredBankDetails {
  routing_number: string;
  account_number: string;
}

export type ChangeOutcome =
  | { applied: true; details: StoredBankDetails; changed: Array<keyof StoredBankDetails> }
  | { applied: false; reason: string };

const CHANGE_NAMES: Readonly<Record<string, string>> = {
  C01: 'Incorrect account number', C02: 'Incorrect routing number', C03: 'Incorrect routing number and account number',
  C04: 'Incorrect individual name', C05: 'Incorrect transaction code', C06: 'Incorrect account number and transaction code',
  C07: 'Incorrect routing number, account number and transaction code', C09: 'Incorrect individual identification',
};

/**
 * The stored details after a notification of change. C01 corrects the account number (corrected data 1-17),
 * C02 the routing number (1-9), C03 both (routing 1-9, account 13-29); other codes are left to a person.
 */
export function applyChangeNotice(current: StoredBankDetails, notice: { change_code: string; corrected_data: string }): ChangeOutcome {
  const code = notice.change_code.trim().toUpperCase();
  const data = notice.corrected_data.padEnd(29, ' ');
  const account = (s: string) => s.trim().replace(/[\s-]/g, '').toUpperCase();
  let routing = current.routing_number;
  let number = current.account_number;
  if (code === 'C01') number = account(data.slice(0, 17));
  else if (code === 'C02') routing = data.slice(0, 9).trim();
  else if (code === 'C03') {
    routing = data.slice(0, 9).trim();
    number = account(data.slice(12, 29));
  } else {
    return { applied: false, reason: `${code} ${CHANGE_NAMES[code] ?? 'Notification of change'}: corrected data '${notice.corrected_data.trim()}' must be applied by a person` };
  }
  const routingProblem = routingNumberProblem(routing, 'The corrected routing number');
  if (routingProblem) return { applied: false, reason: `${code}: ${routingProblem}` };
  if (!/^[0-9A-Z]{1,17}$/.test(number)) return { applied: false, reason: `${code}: the corrected account number '${number}' is not 1 to 17 digits or letters` };
  const changed: Array<keyof StoredBankDetails> = [];
  if (routing !== current.routing_number) changed.push('routing_number');
  if (number !== current.account_number) changed.push('account_number');
  return { applied: true, details: { routing_number: routing, account_number: number }, changed };
}
