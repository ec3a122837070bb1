// What an upload accepts, from the screen's `upload` declaration, and the checks made before a file is
// sent (spec 000 sections 8 and 9, spec 001 section 5). The server checks again, by content too; these
// spare the user a long upload that would be refused. No React, no antd.
import type { Upload } from '@schemas/generated/screen';

export type Purpose = Upload['purpose'];
export type Ext = NonNullable<Upload['accept']>[number];

/** The spec's list, in the spec's order: its message names them so. */
export const DOCUMENT_EXTS: readonly Ext[] = ['jpg', 'png', 'pdf', 'txt', 'doc', 'docx', 'xls', 'xlsx'];

const PURPOSE_EXTS: Record<Purpose, readonly Ext[]> = {
  file: DOCUMENT_EXTS,
  attachment: DOCUMENT_EXTS,
  news: DOCUMENT_EXTS,
  avatar: ['jpg', 'png'],
  appVersion: ['apk'],
};

/** Spec 000 section 9: uploads 50 MB, the avatar 2 MB; an app package may be larger. */
const PURPOSE_MAX_MB: Record<Purpose, number> = {
  file: 50,
  attachment: 50,
  news: 50,
  avatar: 2,
  appVersion: 200,
};

const DEFAULT_MAX_COUNT = 10;

export interface UploadConfig {
  purpose: Purpose;
  accept: readonly Ext[];
  maxSizeMb: number;
  multiple: boolean;
  maxCount: number;
}

export function uploadConfig(u: Upload): UploadConfig {
  const allowed = PURPOSE_EXTS[u.purpose];
  return {
    purpose: u.purpose,
    // A screen may narrow the purpose's list, never widen it: the server would refuse the rest.
    accept: u.accept ? u.accept.filter((e) => allowed.includes(e)) : allowed,
    maxSizeMb: Math.min(u.maxSizeMb ?? PURPOSE_MAX_MB[u.purpose], PURPOSE_MAX_MB[u.purpose]),
    multiple: u.multiple ?? false,
    maxCount: u.multiple ? (u.maxCount ?? DEFAULT_MAX_COUNT) : 1,
  };
}

/** Extensions the purpose allows at all (a screen's `accept` must stay inside them). */
export const allowedFor = (purpose: Purpose): readonly Ext[] => PURPOSE_EXTS[purpose];

/** The file chooser's accept attribute: .jpg also offers .jpeg. */
export function acceptAttribute(config: UploadConfig): string {
  return config.accept.flatMap((e) => (e === 'jpg' ? ['.jpg', '.jpeg'] : [`.${e}`])).join(',');
}

export interface Refusal {
  key: string;
  params: Record<string, unknown>;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return ext === 'jpeg' ? 'jpg' : ext;
};

/** Why the file may not be sent, with the spec's messages (the server's texts, error.10060 and 10061). */
export function checkFile(config: UploadConfig, file: { name: string; size: number }): Refusal | undefined {
  if (!(config.accept as readonly string[]).includes(extensionOf(file.name)))
    return { key: 'error.10060', params: { types: config.accept.join(', ') } };
  if (file.size > config.maxSizeMb * 1024 * 1024)
    return { key: 'error.10061', params: { size: config.maxSizeMb } };
  if (file.size === 0) return { key: 'error.10063', params: {} };
  return undefined;
}

/** File ids kept comma-joined (spec 000 section 5: a multi-value field stores comma-joined values). */
export function splitIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export const joinIds = (ids: readonly string[]): string | undefined =>
  ids.length ? ids.join(',') : undefined;

/** A size for people: 1.5 MB, 320 KB, 12 B. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
