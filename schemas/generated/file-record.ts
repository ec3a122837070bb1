/* Generated from schemas/file-record.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * A stored file as ISrmFileService answers it (uploadFile, getSrmFileInfoByIds): what it is and who it belongs to, never where its bytes are (services/CONTRACT.md, Files).
 */
export interface FileRecord {
  /**
   * The file's id: what a form field keeps and what downloadFileById takes.
   */
  id: string;
  /**
   * Optimistic-locking version; a delete must send it.
   */
  version: number;
  /**
   * The name the file was uploaded under; downloads are saved under it.
   */
  originalName: string;
  /**
   * The extension, lower case, checked against the purpose's list and the content.
   */
  fileExt: string;
  /**
   * The type detected from the content (never the uploader's claim); every download carries it.
   */
  contentType: string;
  /**
   * Size in bytes.
   */
  sizeBytes: number;
  /**
   * SHA-256 of the content, hex.
   */
  sha256: string;
  /**
   * The purpose it was uploaded for (the screen schema's upload purpose), which decides who may see and replace it.
   */
  module: 'file' | 'attachment' | 'news' | 'avatar' | 'appVersion';
  /**
   * The record the file is attached to, when the uploader named one.
   */
  refId: string | null;
  /**
   * The uploader's organisation: the data scope a file is seen in.
   */
  orgNo: string | null;
  /**
   * The uploading supplier's number: only that supplier's users and staff see it.
   */
  supplierNo: string | null;
  /**
   * Who uploaded it.
   */
  createName: string | null;
  /**
   * When it was uploaded (ISO 8601).
   */
  createDate: string;
  /**
   * Who changed it last.
   */
  updateName: string | null;
  /**
   * When it was changed last (ISO 8601).
   */
  updateDate: string;
}
