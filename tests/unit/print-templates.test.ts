// Every seeded document template can be drawn: its layout passes the layout schema and names only
// fields of the records its screen lists, its name is translated, and each screen has one default.
import { describe, expect, it } from 'vitest';
import { translator } from '../../services/i18n.js';
import { checkLayout, propsOfLayout } from '../../services/print/layout.js';
import { renderPdf } from '../../services/print/pdf.js';
import { printableResource } from '../../services/print/printable.js';
import { RecordText } from '../../services/print/values.js';
import { SYSTEM_FIELDS } from '../../services/resource/define.js';
import { PRINT_TEMPLATES } from '../../services/seed/print-templates.js';
import { parsePdf } from '../support/pdf.js';

describe('seeded print templates', () => {
  it.each(PRINT_TEMPLATES.map((t) => [`${t.module} ${t.reportKey}`, t] as const))(
    '%s can be drawn',
    async (_name, t) => {
      const def = printableResource(t.module);
      expect(def, `${t.module} lists no resource`).toBeDefined();
      const fields = { ...SYSTEM_FIELDS, ...def!.fields };
      expect(checkLayout(t.layout, (p) => p in fields)).toMatchObject({ ok: true });
      // And it draws: labels fit the paper, every barcode takes a sample value.
      const props = propsOfLayout(t.layout).filter((p) => p !== '*custom');
      const job = {
        templateName: t.reportKey,
        printer: 'Tester',
        printTime: new Date(),
        count: 3,
        timeZone: 'UTC',
        t: translator('en-US'),
      };
      const text = new RecordText(
        props.map((prop) => ({ header: prop, prop, value: (v: unknown) => v })),
        job,
      );
      const records = [1, 2, 3].map((n) =>
        Object.fromEntries(props.map((p) => [p, `${p.slice(0, 6)}-${n}`])),
      );
      const pdf = parsePdf(await renderPdf(t.layout, records, text, job));
      expect(pdf.pageCount).toBeGreaterThan(0);
    },
  );

  it('gives every screen with templates exactly one default of each type and unique report keys', () => {
    const modules = new Set(PRINT_TEMPLATES.map((t) => t.module));
    for (const m of modules) {
      const own = PRINT_TEMPLATES.filter((t) => t.module === m);
      for (const type of new Set(own.map((t) => t.templateType ?? '4')))
        expect(
          own.filter((t) => (t.templateType ?? '4') === type && t.isDefault === 1 && !t.orgNo),
          `${m} ${type}`,
        ).toHaveLength(1);
      expect(new Set(own.map((t) => t.reportKey)).size).toBe(own.length);
    }
  });

  it('refuses a layout naming a field the records do not have, or breaking the schema', () => {
    const table = { kind: 'table', page: { size: 'A4' }, table: { columns: [{ prop: 'colour' }] } };
    expect(checkLayout(table, (p) => p === 'orgNo')).toEqual({ ok: false, problem: 'unknown field colour' });
    const format = {
      kind: 'labels',
      page: { size: 'A6' },
      labels: {
        width: 50,
        height: 30,
        elements: [{ type: 'text', x: 0, y: 0, width: 40, value: { format: '{orgNo}-{shade}' } }],
      },
    };
    expect(checkLayout(format, (p) => p === 'orgNo')).toEqual({ ok: false, problem: 'unknown field shade' });
    expect(checkLayout({ kind: 'labels', page: { size: 'A4' } }, () => true)).toMatchObject({ ok: false });
  });
});
