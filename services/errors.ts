// The error catalogue: every refusal the server gives has a stable code here, and its text lives in
// locales/ under error.<code>. Transport errors answer HTTP 4xx with {errorCode, errorMessage};
// business refusals answer HTTP 200 with the envelope {status, code, msg} (see CONTRACT.md).

export const ERRORS = {
  badJson: { code: '10001', status: 400, transport: true },
  invalidPayload: { code: '10002', status: 400, transport: true },
  unknownMethod: { code: '10003', status: 404, transport: true },
  sessionExpired: { code: '10004', status: 401, transport: true },
  forbidden: { code: '10005', status: 403, transport: true },
  invalidSort: { code: '10006', status: 400, transport: true },
  tooLarge: { code: '10012', status: 413, transport: true },
  sessionInvalid: { code: '000701', status: 401, transport: false },
  staleVersion: { code: '10007', status: 409, transport: false },
  notFound: { code: '10008', status: 404, transport: false },
  loginFailed: { code: '10009', status: 400, transport: false },
  accountLocked: { code: '10010', status: 423, transport: false },
  passwordPolicy: { code: '10011', status: 400, transport: false },
  outOfScope: { code: '10013', status: 403, transport: false },
  wrongOldPassword: { code: '10014', status: 400, transport: false },
  accountDisabled: { code: '10015', status: 403, transport: false },
  inUse: { code: '10016', status: 409, transport: false },
  invalidValue: { code: '10017', status: 400, transport: false },
  noExport: { code: '10018', status: 404, transport: false },
  duplicate: { code: '50M01', status: 409, transport: false },
  // Import (spec 000 sections 5 and 8): a whole file refused before any row is read.
  importFileType: { code: '10030', status: 400, transport: false },
  importTooLarge: { code: '10031', status: 413, transport: false },
  importXls: { code: '10032', status: 400, transport: false },
  importNotSpreadsheet: { code: '10033', status: 400, transport: false },
  importBomb: { code: '10034', status: 400, transport: false },
  importDtd: { code: '10300', status: 400, transport: false },
  uploadMalformed: { code: '10301', status: 400, transport: false },
  tooManyAttempts: { code: '10302', status: 429, transport: true },
  // A call on the browser's session cookie without the CSRF header (services/http/session-cookie.ts).
  csrfHeaderMissing: { code: '10303', status: 403, transport: true },
  importNoColumns: { code: '10035', status: 400, transport: false },
  importNotFound: { code: '10036', status: 404, transport: false },
  // Check, then import what the user confirmed: the confirmed file must be the checked one.
  importFileChanged: { code: '10037', status: 409, transport: false },
  importNotChecked: { code: '10038', status: 409, transport: false },
  // Export jobs: the download of a job that has not finished (or failed).
  exportNotReady: { code: '10040', status: 409, transport: false },
  // Printing (IReportPrintService/print, the print dialog's template list).
  printTemplateNotFound: { code: '10050', status: 404, transport: false },
  printNothing: { code: '10051', status: 404, transport: false },
  printLayoutInvalid: { code: '10052', status: 409, transport: false },
  printBarcodeValue: { code: '10053', status: 400, transport: false },
  printNoSelection: { code: '10054', status: 400, transport: false },
  printTemplateScope: { code: '10055', status: 400, transport: false },
  printLocalNotConfigured: { code: '10056', status: 409, transport: false },
  // System administration: scheduled jobs, protected system records, passwords, licence.
  jobCron: { code: '10070', status: 400, transport: false },
  jobClassUnknown: { code: '10071', status: 400, transport: false },
  systemRecord: { code: '10072', status: 409, transport: false },
  passwordExpired: { code: '10073', status: 403, transport: false },
  licenseInvalid: { code: '10074', status: 400, transport: false },
  licenseExpired: { code: '10075', status: 400, transport: false },
  licenseNotConfigured: { code: '10076', status: 409, transport: false },
  menuProtected: { code: '10077', status: 409, transport: false },
  licenseRequired: { code: '10078', status: 403, transport: false },
  // Files (spec 000 section 8, spec 001 section 5): an upload refused before anything is stored.
  fileType: { code: '10060', status: 400, transport: false },
  fileTooLarge: { code: '10061', status: 413, transport: false },
  fileContent: { code: '10062', status: 400, transport: false },
  fileNone: { code: '10063', status: 400, transport: false },
  appVersionNo: { code: '10064', status: 400, transport: false },
  // Material base data (spec 001 section 5): a unit conversion quantity of 0.
  unitConversionZero: { code: '10090', status: 400, transport: false },
  // Rules, labels, strategies and messages: their lines, defaults and query rules.
  lotRuleNoLine: { code: '10100', status: 400, transport: false },
  tooFewLines: { code: '10101', status: 400, transport: false },
  lineInvalid: { code: '10102', status: 400, transport: false },
  lineDuplicate: { code: '10103', status: 400, transport: false },
  defaultStrategyDelete: { code: '10104', status: 409, transport: false },
  defaultStrategyOff: { code: '10105', status: 409, transport: false },
  labelQueryCriteria: { code: '10106', status: 400, transport: false },
  containerQueryCriteria: { code: '10107', status: 400, transport: false },
  dateRangeTooLarge: { code: '10108', status: 400, transport: false },
  ruleInconsistent: { code: '10109', status: 400, transport: false },
  lineUnknown: { code: '10110', status: 400, transport: false },
  // Export and import template configuration.
  exportColumnUnknown: { code: '10120', status: 400, transport: false },
  exportModuleUnknown: { code: '10121', status: 400, transport: false },
  exportDefaultKept: { code: '10122', status: 409, transport: false },
  importPortUnknown: { code: '10123', status: 400, transport: false },
  importTemplateNotXlsx: { code: '10124', status: 400, transport: false },
  // Table management and business control.
  physicalDeleteOff: { code: '10125', status: 409, transport: false },
  tableLayoutScreen: { code: '10126', status: 400, transport: false },
  tableLayoutColumn: { code: '10127', status: 400, transport: false },
  controlValue: { code: '10128', status: 400, transport: false },
  controlUnknown: { code: '10129', status: 404, transport: false },
  // Business documents: transitions, their batches and the states a document may still change in.
  transitionState: { code: '10140', status: 409, transport: false },
  transitionRefused: { code: '10141', status: 409, transport: false },
  transitionSide: { code: '10142', status: 403, transport: false },
  reasonRequired: { code: '10143', status: 400, transport: false },
  batchMixed: { code: '10144', status: 400, transport: false },
  documentLocked: { code: '10145', status: 409, transport: false },
  guardRefused: { code: '10146', status: 409, transport: false },
  // The integration API (services/integration/).
  integrationKey: { code: '10150', status: 401, transport: false },
  integrationScope: { code: '10151', status: 403, transport: false },
  integrationRejected: { code: '10152', status: 422, transport: false },
  integrationRate: { code: '10153', status: 429, transport: false },
  // Announcements: the spec's refusal of a change outside draft.
  newsNotDraft: { code: '10211', status: 409, transport: false },
  // GS1 labels of delivery notices (ISupBmBarcodePrintService).
  labelPrintForm: { code: '10230', status: 400, transport: false },
  labelAsnState: { code: '10231', status: 409, transport: false },
  labelBoxRuleQty: { code: '10232', status: 409, transport: false },
  labelSplitQty: { code: '10233', status: 400, transport: false },
  labelSplitSum: { code: '10234', status: 400, transport: false },
  labelPrefix: { code: '10235', status: 409, transport: false },
  labelSerialsUsedUp: { code: '10236', status: 409, transport: false },
  labelRegenerate: { code: '10237', status: 409, transport: false },
  labelStale: { code: '10238', status: 409, transport: false },
  labelTooMany: { code: '10239', status: 400, transport: false },
  // The second factor (services/auth/second-factor.ts): codes at login, enrolment, turning it off.
  secondFactorCode: { code: '10250', status: 400, transport: false },
  secondFactorReplay: { code: '10251', status: 400, transport: false },
  secondFactorChallenge: { code: '10252', status: 400, transport: false },
  secondFactorEnrolled: { code: '10253', status: 409, transport: false },
  secondFactorNotStarted: { code: '10254', status: 409, transport: false },
  secondFactorNone: { code: '10255', status: 409, transport: false },
  secondFactorProof: { code: '10256', status: 400, transport: false },
} as const;

export type ErrorKind = keyof typeof ERRORS;

/** A refusal with a catalogue code; params fill the message's {{placeholders}}. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly params: Record<string, string | number> = {},
    /** What the caller needs beyond the message (the refused rows of a batch), answered as response.data. */
    readonly data?: unknown,
  ) {
    super(`${ERRORS[kind].code} ${kind}`);
  }
  get code(): string {
    return ERRORS[this.kind].code;
  }
}
