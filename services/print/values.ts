// Values as users see them on paper: dictionary codes named in the caller's language, custom dropdowns
// named, date-times in the printer's time zone as yyyy-MM-dd HH:mm:ss (spec 000 section 5), decimals
// exactly, with the thousands separators of the caller's language and their own decimals. Barcodes
// encode the stored value instead (a code, not its name; a decimal's canonical text).
import { formatDecimal } from '../../engine/core/decimal.js';
import type { Value } from '../../schemas/generated/print-layout.js';
import type { Translate } from '../i18n.js';
import type { ExportColumn } from '../resource/export.js';
import type { Row } from '../resource/resource.js';
import { printable } from './fonts.js';

export interface PrintJob {
  templateName: string;
  /** The name of the user printing. */
  printer: string;
  printTime: Date;
  count: number;
  /** IANA zone the date-times are shown in. */
  timeZone: string;
  t: Translate;
  /** The caller's language, whose separators decimals are written with; default zh-CN. */
  lang?: string;
}

/** yyyy-MM-dd HH:mm:ss in the given zone. */
export function formatDateTime(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The time zone to show date-times in: the caller's when it is a real zone, else the server's. */
export function zoneOr(wanted: string | null | undefined): string {
  const fallback = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!wanted) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: wanted });
    return wanted;
  } catch {
    return fallback;
  }
}

function shown(v: unknown, timeZone: string): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDateTime(v, timeZone);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '--';
  if (typeof v === 'object') return JSON.stringify(v);
  return printable(String(v));
}

/** Reads the props of records as text: shown (named, formatted) or raw (for barcodes). */
export class RecordText {
  private readonly byProp: Map<string, ExportColumn>;

  constructor(
    columns: ExportColumn[],
    private readonly job: PrintJob,
    /** The module's active custom fields, in order: what a '*custom' table column stands for. */
    readonly customProps: readonly string[] = [],
  ) {
    this.byProp = new Map(columns.map((c) => [c.prop, c]));
  }

  /** "Label: value" as the caller's language writes it. */
  labelled(labelKey: string, value: string): string {
    return printable(this.job.t('print.labelValue', { label: this.job.t(labelKey), value }));
  }

  header(prop: string): string {
    return this.byProp.get(prop)?.header ?? prop;
  }

  shown(row: Row | undefined, prop: string): string {
    const column = this.byProp.get(prop);
    const raw = row?.[prop];
    if (column?.decimal && raw !== null && raw !== undefined && raw !== '')
      return formatDecimal(raw, { locale: this.job.lang });
    return shown(column ? column.value(raw) : raw, this.job.timeZone);
  }

  raw(row: Row | undefined, prop: string): string {
    const v = row?.[prop];
    if (v === null || v === undefined) return '';
    return v instanceof Date ? v.toISOString() : String(v);
  }

  /** A layout value for a record; `raw` for what a barcode encodes. */
  value(value: Value, row: Row | undefined, raw = false): string {
    const read = (prop: string) => (raw ? this.raw(row, prop) : this.shown(row, prop));
    if ('field' in value) return read(value.field);
    if ('format' in value)
      return value.format.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_m, p: string) => read(p));
    if ('key' in value) return printable(this.job.t(value.key));
    if ('text' in value) return printable(value.text);
    switch (value.system) {
      case 'printer':
        return printable(this.job.printer);
      case 'printTime':
        return formatDateTime(this.job.printTime, this.job.timeZone);
      case 'count':
        return String(this.job.count);
      case 'templateName':
        return printable(this.job.templateName);
    }
  }
}
