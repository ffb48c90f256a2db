import { REPORT_ACCESS, reportContracts, type ReportAnswer, type ReportName, type ReportParams } from '@covenant/contracts/reports';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { ReportDef } from '../registry.ts';

/** How a report's answer becomes a CSV download: its rows, and the file's name. */
export interface ReportCsv<N extends ReportName> {
  rows: (answer: ReportAnswer<N>) => unknown[][];
  filename: (answer: ReportAnswer<N>) => string;
}

/**
 * A feature's report, built from its contract: the query is parsed by the contract (the person-readable 400 of
 * parseInput otherwise) and the report must answer the contract's answer type. The route checks the privilege first.
 */
export function defineReport<N extends ReportName>(name: N, run: (ctx: Ctx, query: ReportParams<N>) => Promise<ReportAnswer<N>>, csv: ReportCsv<N>): ReportDef {
  const contract = reportContracts[name];
  return {
    name,
    access: REPORT_ACCESS,
    description: contract.description,
    query: contract.query,
    answer: contract.answer,
    async run(ctx, query) {
      const json = await run(ctx, parseInput(contract.query, query) as ReportParams<N>);
      return { json, csv: () => csv.rows(json), filename: csv.filename(json) };
    },
  };
}
