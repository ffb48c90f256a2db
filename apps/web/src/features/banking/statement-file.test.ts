import { describe, expect, it } from 'vitest';
import { csvCells, csvHeader, isSelfDescribing } from './statement-file.ts';

describe('a statement file before it is sent', () => {
  it('tells the self-describing formats from a CSV', () => {
    expect(isSelfDescribing('OFXHEADER:100\nDATA:OFXSGML')).toBe(true);
    expect(isSelfDescribing('<?xml version="1.0"?><OFX>')).toBe(true);
    expect(isSelfDescribing('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">')).toBe(true);
    expect(isSelfDescribing('01,121000358,ABC,261201,0830,1,,,2/')).toBe(true);
    expect(isSelfDescribing('Date,Amount,Description\n11/02/2026,250.00,Deposit')).toBe(false);
  });

  it('finds the header under a bank\'s account summary, with quotes and another delimiter', () => {
    const text = 'Account Name:,Maple Grove HOA Operating\nAccount Number:,XXXXXX6789\n\nPosting Date,Description,Check Number,Debit,Credit,Balance\n11/02/2026,"DEPOSIT, MOBILE",,,250.00,"13,515.02"\n';
    expect(csvHeader(text)).toEqual(['Posting Date', 'Description', 'Check Number', 'Debit', 'Credit', 'Balance']);
    expect(csvHeader('Datum;Betrag;Text\n02.11.2026;250,00;Einzahlung\n')).toEqual(['Datum', 'Betrag', 'Text']);
    expect(csvHeader('Date\tAmount\tMemo\n2026-11-02\t1.00\tx\n')).toEqual(['Date', 'Amount', 'Memo']);
  });

  it('reads quoted cells with doubled quotes and delimiters inside', () => {
    expect(csvCells('"a, b","say ""hi""",c', ',')).toEqual(['a, b', 'say "hi"', 'c']);
  });
});
