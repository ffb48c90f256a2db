import { AppError, ConflictError, ValidationError } from './errors.ts';

interface PgLikeError {
  code?: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
  message?: string;
}

function pgErrorOf(err: unknown): PgLikeError | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const cand = e as PgLikeError & { cause?: unknown };
    if (typeof cand.code === 'string' && /^[0-9A-Z]{5}$/.test(cand.code)) return cand;
    e = cand.cause;
  }
  return null;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
const human = (s: string) => s.replace(/^lower\((.+)\)$/, '$1').replace(/_/g, ' ');

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Turns a database refusal into an AppError a person understands; null when it is not one we know. */
export function translateDbError(err: unknown, label = 'record'): AppError | null {
  const pe = pgErrorOf(err);
  if (!pe) return null;
  const key = /Key \((.+?)\)=\((.*?)\)/.exec(pe.detail ?? '');
  switch (pe.code) {
    case '23505':
      return new ConflictError(
        key ? `${capitalize(withArticle(label))} with ${human(key[1]!)} '${key[2]}' already exists` : `This ${label} already exists`,
        'duplicate',
      );
    case '23503': {
      const referenced = /still referenced from table "(.+?)"/.exec(pe.detail ?? '');
      if (referenced) {
        return new ConflictError(`This ${label} cannot be deleted: ${human(referenced[1]!)} refer to it`, 'in_use');
      }
      return new ValidationError(key ? `${human(key[1]!)} refers to a record that does not exist` : 'A referenced record does not exist');
    }
    case '23502':
      return new ValidationError(`${human(pe.column ?? 'a field')} is required`);
    case '23514':
      return new ValidationError(`A value is out of range (${pe.constraint ?? 'check'})`);
    case '22P02':
    case '22007':
    case '22008':
    case '22009':
    case '22003':
    case '22021':
      return new ValidationError('A value has the wrong format or is out of range');
    case '2201B':
      return new ValidationError('Invalid regular expression in filter');
    case '23000':
    case 'P0001':
      return new ConflictError(pe.message ?? 'Refused by the database', 'integrity');
    default:
      return null;
  }
}
