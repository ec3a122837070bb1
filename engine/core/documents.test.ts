import { describe, expect, it } from 'vitest';
import { documentName } from './documents';

const line = { nameFields: ['purchaseNo', 'purchaseSeq'], nameSequences: ['phaseSeq', 'batchSeq'] };

describe('documentName', () => {
  it('names an order line by its order and line number while its phase and batch are 1', () => {
    expect(documentName(line, { purchaseNo: '4500000211', purchaseSeq: 10, phaseSeq: 1, batchSeq: 1 })).toBe(
      '4500000211/10',
    );
    // Sequences not read (a row without them) count as 1.
    expect(documentName(line, { purchaseNo: '4500000211', purchaseSeq: 10 })).toBe('4500000211/10');
  });

  it('tells the batches and phases of one line apart', () => {
    const name = (phaseSeq: number | string, batchSeq: number | string) =>
      documentName(line, { purchaseNo: '4500000211', purchaseSeq: 10, phaseSeq, batchSeq });
    expect(name(1, 2)).toBe('4500000211/10.2');
    expect(name(2, 1)).toBe('4500000211/10.2.1');
    expect(name('2', '3')).toBe('4500000211/10.2.3');
    // Every combination a distinct name.
    const names = [1, 2, 3].flatMap((p) => [1, 2, 3].map((b) => name(p, b)));
    expect(new Set(names).size).toBe(9);
  });

  it('has no name where a name field is empty or none is declared', () => {
    expect(documentName(line, { purchaseNo: '4500000211', purchaseSeq: null })).toBeUndefined();
    expect(documentName(line, { purchaseNo: '', purchaseSeq: 10 })).toBeUndefined();
    expect(documentName({}, { purchaseNo: '4500000211' })).toBeUndefined();
    expect(documentName({ nameFields: ['asnNo', 'lineSeq'] }, { asnNo: 'ASN1', lineSeq: 2 })).toBe('ASN1/2');
  });
});
