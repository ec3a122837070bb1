// The print dialog, headless (spec 000 sections 2, 5, 7, 8; 001 sections 5, 7): it asks for a document
// template from the spec's list call (size 10, condition {keyword, module, orgNo, customerNo,
// supplierNo, templateType '4'}; the default marked and preselected), warns and stays open when none is
// chosen, and prints the selected rows with IReportPrintService/print {ids, reportKey, module, printer
// (the user's name)}. A PDF answer opens in a new window; a job for a local print service (print types
// 1 and 3) goes to that service, and the spec's failure message shows when it does not answer.
import { isLocalPrintAnswer, type LocalPrintAnswer } from '../print/localPrint';
import type { RequestFn } from '../request/types';

export const TEMPLATE_CALL = 'ISupBmDocTemplateManageService/getReportTemplateListWithDefault';
export const PRINT_CALL = 'IReportPrintService/print';
/** Spec 000 section 9: selector lists load 10 at a time. */
export const TEMPLATE_PAGE_SIZE = 10;
/** Spec 000 section 7: the print dialog lists documents. */
export const DOCUMENT_TEMPLATE_TYPE = '4';

export interface PrintTemplate {
  id: string;
  reportKey: string;
  templateName: string;
  printType: number;
  isDefault: number;
}

export interface PrintDeps {
  request: RequestFn;
  /** Shows the PDF: in a new window, or as a download when the browser blocks the window. */
  openFile: (file: File) => 'window' | 'download';
  /** Hands a print type 1 or 3 job to the local print service; false when it did not take it. */
  printLocally: (answer: LocalPrintAnswer) => Promise<boolean>;
  warn: (key: string) => void;
  error: (key: string) => void;
  success: (key: string) => void;
  /** The user's time zone, for the date-times on paper. */
  timeZone: () => string | undefined;
}

export interface PrintSelection {
  /** The screen's menu: the module whose templates and isPrint flag apply. */
  module: string;
  /** The selected rows, in the list's order. */
  rows: Record<string, unknown>[];
  rowKey: string;
  /** The current user's name (spec 000 section 7: the printer). */
  printer: string;
  /** The user's own supplier, for a supplier's user. */
  supplierNo?: string | null;
}

export interface PrintSnapshot {
  open: boolean;
  loading: boolean;
  printing: boolean;
  keyword: string;
  templates: PrintTemplate[];
  /** Templates matching the keyword in all (the list shows the first 10). */
  total: number;
  /** reportKey of the chosen template. */
  selected?: string;
  /** The chosen template, kept while a search shows others. */
  chosen?: PrintTemplate;
}

/** The rows' one value of `prop`, or undefined when they have none or several. */
function sharedValue(rows: Record<string, unknown>[], prop: string): string | undefined {
  const values = new Set(rows.map((r) => r[prop]).filter((v) => v !== undefined && v !== null && v !== ''));
  return values.size === 1 ? String([...values][0]) : undefined;
}

export function createPrintController(selection: PrintSelection, deps: PrintDeps) {
  let snapshot: PrintSnapshot = {
    open: false,
    loading: false,
    printing: false,
    keyword: '',
    templates: [],
    total: 0,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<PrintSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const l of listeners) l();
  };
  const options = { moduleNumber: selection.module };
  let seq = 0;

  /** The condition of the template list: the selection's organisation, customer and supplier. */
  function templateCondition(keyword: string) {
    return {
      keyword: keyword.trim() || undefined,
      module: selection.module,
      orgNo: sharedValue(selection.rows, 'orgNo'),
      customerNo: sharedValue(selection.rows, 'customerNo'),
      supplierNo: selection.supplierNo || sharedValue(selection.rows, 'supplierNo'),
      templateType: DOCUMENT_TEMPLATE_TYPE,
    };
  }

  /** Loads the templates for a keyword; a late answer to an older keyword is dropped. */
  async function load(keyword: string): Promise<boolean> {
    const mine = ++seq;
    set({ loading: true, keyword });
    try {
      const page = await deps.request<{ records?: PrintTemplate[]; total?: number }>(
        TEMPLATE_CALL,
        { current: 1, size: TEMPLATE_PAGE_SIZE, condition: templateCondition(keyword) },
        options,
      );
      if (mine !== seq) return false;
      const templates = Array.isArray(page?.records) ? page.records : [];
      set({ loading: false, templates, total: Number(page?.total) || templates.length });
      return true;
    } catch {
      // The request layer showed why; the options stay as they were.
      if (mine === seq) set({ loading: false });
      return false;
    }
  }

  return {
    getState: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Opens with the templates for the selection, the default one chosen; false when they cannot load. */
    async open(): Promise<boolean> {
      if (!(await load(''))) return false;
      const preferred = snapshot.templates.find((t) => Number(t.isDefault) === 1);
      set({ open: true, selected: preferred?.reportKey, chosen: preferred });
      return true;
    },

    /** Searches the templates by name; the chosen one stays chosen. */
    search(keyword: string): Promise<boolean> {
      return load(keyword);
    },

    /** Chooses a template by reportKey; undefined clears the choice. */
    select(reportKey: string | undefined) {
      if (reportKey === undefined) {
        set({ selected: undefined, chosen: undefined });
        return;
      }
      const template = snapshot.templates.find((t) => t.reportKey === reportKey);
      if (template) set({ selected: reportKey, chosen: template });
    },

    /**
     * Prints with the chosen template; without one it warns and stays open. Closes once the PDF is shown
     * or the local service took the job; stays open when the print failed (the reason is shown).
     */
    async confirm(): Promise<boolean> {
      if (!snapshot.selected) {
        deps.warn('printDialog.required');
        return false;
      }
      if (snapshot.printing) return false;
      set({ printing: true });
      let answer: unknown;
      try {
        answer = await deps.request<unknown>(
          PRINT_CALL,
          {
            ids: selection.rows.map((r) => r[selection.rowKey]),
            reportKey: snapshot.selected,
            module: selection.module,
            printer: selection.printer,
            timeZone: deps.timeZone(),
          },
          { ...options, responseType: 'blob' },
        );
      } catch {
        // The request layer showed the server's reason in the user's language.
        set({ printing: false });
        return false;
      }
      if (answer instanceof File) {
        if (deps.openFile(answer) === 'download') deps.success('printDialog.downloaded');
        set({ printing: false, open: false });
        return true;
      }
      if (isLocalPrintAnswer(answer) && (await deps.printLocally(answer))) {
        deps.success('printDialog.sent');
        set({ printing: false, open: false });
        return true;
      }
      deps.error('print.localFailed');
      set({ printing: false });
      return false;
    },

    cancel() {
      set({ open: false });
    },
  };
}

export type PrintController = ReturnType<typeof createPrintController>;
