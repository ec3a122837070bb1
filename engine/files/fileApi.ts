// The file calls (services/CONTRACT.md, "Files") through the one request layer: upload one file for a
// purpose, names of files by id, download by id, and a file as an object URL for an <img> (the avatar),
// since an image tag cannot send the session header.
import type { FileRecord } from '@schemas/generated/file-record';
import { download, request } from '../request';
import type { RequestOptions } from '../request/types';
import type { Purpose } from './uploadRules';

export const UPLOAD_CALL = 'ISrmFileService/uploadFile';
export const DOWNLOAD_CALL = 'ISrmFileService/downloadFileById';
export const INFO_CALL = 'ISrmFileService/getSrmFileInfoByIds';

export interface UploadOptions {
  /** The menu whose flags allow the upload; the current route's when absent. */
  moduleNumber?: string;
  onProgress?: (percent: number) => void;
  refId?: string;
}

/** Sends one file (multipart, part `file`); rejects with RequestError after the usual error toast. */
export function uploadFile(purpose: Purpose, file: File, options: UploadOptions = {}): Promise<FileRecord> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ purpose, ...(options.refId ? { refId: options.refId } : {}) });
  const requestOptions: RequestOptions = {
    moduleNumber: options.moduleNumber,
    onUploadProgress: options.onProgress,
    // A file being sent is shown by its own progress, not by the page's loading bar.
    loading: false,
  };
  return request<FileRecord>(`${UPLOAD_CALL}?${query}`, form, requestOptions);
}

export async function fileInfo(ids: string[]): Promise<FileRecord[]> {
  if (!ids.length) return [];
  const found = await request<FileRecord[]>(INFO_CALL, { ids }, { loading: false, showError: false });
  return Array.isArray(found) ? found : [];
}

/** Saves the file under its original name; false when it failed (after the error toast). */
export const downloadFileById = (id: string) => download(DOWNLOAD_CALL, { id });

/** The file as an object URL (the caller revokes it), or undefined when it cannot be fetched. */
export async function fileObjectUrl(id: string): Promise<string | undefined> {
  try {
    const file = await request<File>(
      DOWNLOAD_CALL,
      { id },
      { responseType: 'blob', showError: false, loading: false },
    );
    return file instanceof Blob ? URL.createObjectURL(file) : undefined;
  } catch {
    return undefined;
  }
}
