// What may be uploaded, by extension, and how each kind's content is recognised (spec 000 sections 8
// and 9, spec 001 section 5). The extension is the user's claim; the content must agree with it, so a
// program or a web page renamed .pdf or .png, or a .docx renamed .xlsx, is refused.
import type { Upload } from '../../schemas/generated/screen.js';
import type { MenuFlag } from '../registry.js';

export type FileExt = 'jpg' | 'jpeg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk';

export type ContentRule =
  /** The `file-type` library must name one of these types from the first bytes. */
  | { kind: 'binary'; detected: readonly string[] }
  /** Valid UTF-8 without NUL, whatever else it holds. */
  | { kind: 'text' }
  /** An OLE compound file (the binary Office format) holding one of these streams. */
  | { kind: 'cfb'; streams: readonly string[] }
  /** An Office Open XML package whose main part `file-type` reads as exactly this type. */
  | { kind: 'ooxml'; detected: string }
  /** A zip holding these entries (an Android package: its manifest and compiled code). */
  | { kind: 'zip'; entries: readonly RegExp[] };

export interface FileKind {
  /** The content-type every download of such a file carries (the detected kind, never the client's claim). */
  mime: string;
  rule: ContentRule;
}

export const FILE_KINDS: Record<FileExt, FileKind> = {
  jpg: { mime: 'image/jpeg', rule: { kind: 'binary', detected: ['jpg'] } },
  jpeg: { mime: 'image/jpeg', rule: { kind: 'binary', detected: ['jpg'] } },
  png: { mime: 'image/png', rule: { kind: 'binary', detected: ['png', 'apng'] } },
  // Illustrator files are PDF documents with a private part, and readers open them as PDF.
  pdf: { mime: 'application/pdf', rule: { kind: 'binary', detected: ['pdf', 'ai'] } },
  txt: { mime: 'text/plain; charset=utf-8', rule: { kind: 'text' } },
  doc: { mime: 'application/msword', rule: { kind: 'cfb', streams: ['WordDocument'] } },
  xls: { mime: 'application/vnd.ms-excel', rule: { kind: 'cfb', streams: ['Workbook', 'Book'] } },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    rule: { kind: 'ooxml', detected: 'docx' },
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    rule: { kind: 'ooxml', detected: 'xlsx' },
  },
  apk: {
    mime: 'application/vnd.android.package-archive',
    rule: { kind: 'zip', entries: [/^AndroidManifest\.xml$/, /^classes\d*\.dex$/] },
  },
};

/** The spec's list (spec 000 section 8); .jpeg is accepted as the jpg it is. */
export const DOCUMENT_EXTS: readonly FileExt[] = [
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
];

/** The purposes are the screen schema's (its upload declaration); each has its rule below. */
export type Purpose = Upload['purpose'];

export interface PurposeRule {
  exts: readonly FileExt[];
  /** The names the refusal message lists (spec 000 section 8: 'jpg, png, pdf, ...'). */
  listed: string;
  /** Largest size in MB: a fixed number, or which setting holds it. */
  maxMb: number | 'upload' | 'appUpload';
  /**
   * Who may upload: the calling menu (App-Module-Number, or the list menu of a hidden page) must be
   * one of `menus` (any menu the caller may open when absent) and grant one of `flags`.
   */
  menus?: readonly string[];
  flags: readonly MenuFlag[];
  /** Shown in the browser rather than saved when downloaded. */
  inline?: boolean;
}

const DOCUMENTS_LISTED = 'jpg, png, pdf, txt, doc, docx, xls, xlsx';

export const PURPOSE_RULES: Record<Purpose, PurposeRule> = {
  // The file-management screen's own uploads.
  file: {
    exts: DOCUMENT_EXTS,
    listed: DOCUMENTS_LISTED,
    maxMb: 'upload',
    menus: ['Base.Message.File'],
    flags: ['isAdd'],
  },
  // An attachments field of a form on any screen: the screen's menu must let the user add or modify.
  attachment: {
    exts: DOCUMENT_EXTS,
    listed: DOCUMENTS_LISTED,
    maxMb: 'upload',
    flags: ['isAdd', 'isModify', 'isSave'],
  },
  // Files of announcements and news, published to suppliers (ISrmSysNewsFileService).
  news: {
    exts: DOCUMENT_EXTS,
    listed: DOCUMENTS_LISTED,
    maxMb: 'upload',
    menus: ['Offsite.Announcement.News'],
    flags: ['isAdd', 'isModify'],
  },
  // Spec 000 section 9: the avatar is an image of at most 2 MB.
  avatar: {
    exts: ['jpg', 'jpeg', 'png'],
    listed: 'jpg, png',
    maxMb: 2,
    menus: ['Setting.Personal.Center'],
    flags: ['isModify'],
    inline: true,
  },
  // Spec 001 section 5: 'mobile app upload single file'; the handheld app is an Android package.
  appVersion: {
    exts: ['apk'],
    listed: 'apk',
    maxMb: 'appUpload',
    menus: ['BaseManage.Config.AppVersion'],
    flags: ['isAdd'],
  },
};

export const PURPOSES = Object.keys(PURPOSE_RULES) as readonly Purpose[];

/** The extension of a file name, lower case, or '' (a name without one, or a name that is only one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowed(rule: PurposeRule, ext: string): ext is FileExt {
  return (rule.exts as readonly string[]).includes(ext);
}
