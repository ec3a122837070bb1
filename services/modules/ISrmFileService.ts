// Files (spec 000 section 7, spec 001 sections 2 and 7): the file-management list, the files of news,
// file names for attachment fields, downloads by id and deletion. The upload itself is a multipart
// route (services/http/file-routes.ts). Every call sees only the files the caller may see
// (services/files/access.ts); any other id is "not found".
// hand-written SQL: the upload date range compares calendar days (date casts)
import { type SelectQueryBuilder, sql } from 'kysely';
import { whereVisible } from '../files/access.js';
import { deleteFiles, downloadFile, visibleFiles } from '../files/files.js';
import { PURPOSES } from '../files/kinds.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { ORG_NAMED, SUPPLIER_NAMED } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { inTransaction, type ListBody, list } from '../resource/resource.js';
import { deleteBody, listBody } from '../resource/schemas.js';

const FILE_MENU = 'Base.Message.File';
const UUID = { type: 'string', format: 'uuid' };
const DAY = { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { const: '' }] };

export const fileResource = defineResource({
  table: 'sysFile',
  menus: [FILE_MENU],
  // Nothing is written through the resource layer: files come from uploads and are never modified.
  fields: {
    originalName: { type: 'string', maxLength: 255, keyword: true, sortable: true },
    fileExt: { type: 'string', maxLength: 16, sortable: true },
    contentType: { type: 'string', sortable: true },
    sizeBytes: { type: 'integer', sortable: true },
    sha256: { type: 'string' },
    module: { type: 'string', enum: PURPOSES, sortable: true },
    refId: { type: 'string', maxLength: 64 },
    orgNo: { type: 'string', sortable: true },
    supplierNo: { type: 'string', sortable: true },
  },
  filters: {
    originalName: { field: 'originalName', op: 'contains' },
    fileExt: { field: 'fileExt', op: 'eq' },
    module: { field: 'module', op: 'eq' },
    refId: { field: 'refId', op: 'eq' },
    createName: { field: 'createName', op: 'contains' },
  },
  // The uploader's organisation and supplier named beside their codes.
  references: { orgNo: ORG_NAMED, supplierNo: SUPPLIER_NAMED },
});

type DayRange = { createDateFrom?: string | null; createDateTo?: string | null };

/** Uploaded on or after `createDateFrom` and on or before `createDateTo` (whole days, both ends kept). */
// biome-ignore lint/suspicious/noExplicitAny: the resource layer's dynamic query.
function uploadedBetween<Q extends SelectQueryBuilder<any, any, any>>(q: Q, c: DayRange): Q {
  let out = q;
  if (c.createDateFrom) out = out.where('t1.createDate', '>=', sql<Date>`${c.createDateFrom}::date`) as Q;
  if (c.createDateTo) out = out.where('t1.createDate', '<', sql<Date>`${c.createDateTo}::date + 1`) as Q;
  return out;
}

type ByIdBody = { condition: { id?: string; fileId?: string } };
const byIdBody = {
  type: 'object',
  required: ['condition'],
  properties: {
    condition: {
      type: 'object',
      // Spec 001 section 7: {id or fileId}.
      anyOf: [{ required: ['id'] }, { required: ['fileId'] }],
      properties: { id: UUID, fileId: UUID },
    },
  },
};

const newsListExtra = { refId: { type: ['string', 'null'], maxLength: 64 } };

export const ISrmFileService = defineService('ISrmFileService', {
  // The file-management screen: every file the caller may see, searchable by name, type, purpose,
  // uploader and upload day.
  ...standardMethods(fileResource, {
    list: 'getSrmFileList',
    listExtra: { createDateFrom: DAY, createDateTo: DAY },
    listOptions: (body, ctx) => ({
      where: (q) => uploadedBetween(whereVisible(ctx, q), (body.condition ?? {}) as DayRange),
    }),
  }),
  // Files of announcements and news (module 'news'), optionally of one announcement (refId).
  getSrmNewsFileList: defineMethod<ListBody>({
    body: listBody(fileResource, newsListExtra),
    access: { kind: 'user' },
    resource: fileResource,
    handler: (ctx, body) =>
      list(fileResource, ctx, body, { where: (q) => whereVisible(ctx, q).where('t1.module', '=', 'news') }),
  }),
  // Names and sizes of the files an attachments field holds (its read-pretty links); ids the caller
  // may not see are left out.
  getSrmFileInfoByIds: defineMethod<{ condition: { ids: string[] } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', maxItems: 100, items: UUID } },
        },
      },
    },
    access: { kind: 'user' },
    handler: (ctx, body) => visibleFiles(ctx, [...new Set(body.condition.ids)]),
  }),
  downloadFileById: defineMethod<ByIdBody>({
    body: byIdBody,
    access: { kind: 'user' },
    handler: (ctx, body) => downloadFile(ctx, (body.condition.id ?? body.condition.fileId)!),
  }),
  deleteSrmFileByIds: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    access: { kind: 'menu', menus: [FILE_MENU], flag: 'isPhysicalDelete' },
    resource: fileResource,
    handler: (ctx, body) => inTransaction(ctx, (tx) => deleteFiles(tx, body.condition.delList)),
  }),
});
