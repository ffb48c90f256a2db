import type { FunctionOutput } from '@covenant/contracts/functions';
import { defineFunction, type TypedFunctionDef } from '../../platform/functions/define-function.ts';
import { cancelDocument, documentWithLines, saveDocument, type DocumentBook, type CompletedLineBase, type StoredDocument, type StoredLine } from './lifecycle.commands.ts';

type Book = DocumentBook<StoredDocument, StoredLine, CompletedLineBase, unknown>;

/**
 * A kind's two functions, answering the document with its lines: `save` (saveInvoice, saveBill), the editor's save
 * of a document and its lines in one transaction; `cancel` (cancelInvoice, cancelBill), irreversible: the posting
 * and what was paid on it are reversed on the cancellation date (default today), or the cancellation refused.
 */
export function documentFunctions<S extends 'saveInvoice' | 'saveBill', K extends 'cancelInvoice' | 'cancelBill'>(
  book: Book,
  names: { save: S; cancel: K },
): [TypedFunctionDef<S>, TypedFunctionDef<K>] {
  const save = defineFunction(names.save, async (ctx, input) => (await saveDocument(ctx, book, input as unknown as Parameters<typeof saveDocument>[2])) as unknown as FunctionOutput<S>);
  const cancel = defineFunction(names.cancel, async (ctx, input) => {
    const { id, date, reason } = input as unknown as { id: string; date?: string | undefined; reason?: string | null | undefined };
    await cancelDocument(ctx, book, id, { date, reason });
    return (await documentWithLines(ctx, book, id)) as unknown as FunctionOutput<K>;
  });
  return [save, cancel];
}
