// Document types (spec 000 section 3 "Document type: docType, docTypeName"; spec 001 section 7
// getextbcdocconfiglistbyparams (orgNo, bigModule, docNature, docOrgNo)): the document-type
// configuration of each organisation, listed for the document-type selector. Lookup only: valid rows in
// the caller's organisations. docOrgNo, the organisation of the document being edited, names the
// organisation whose types are listed and takes the place of orgNo when both are sent; a row without a
// document nature serves every nature.
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList } from '../resource/methods.js';
import type { ListBody } from '../resource/resource.js';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength, pattern: '^[^\\u0000]*$' });

export const docConfigResource = defineResource({
  table: 'extBcDocConfig',
  menus: ['BaseManage.Config.BusinessControl'],
  fields: {
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    bigModule: { type: 'string', maxLength: 32, sortable: true },
    docNature: { type: 'string', maxLength: 32, sortable: true },
    docType: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    docTypeName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
    remark: { type: 'string', maxLength: 255 },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    bigModule: { field: 'bigModule', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  defaultSort: { field: 'docType', order: 'asc' },
});

type DocConfigBody = ListBody & {
  condition?: ListBody['condition'] & { docOrgNo?: string | null; docNature?: string | null };
};

const lookup = fullAuthorityList(
  docConfigResource,
  ['id', 'orgNo', 'bigModule', 'docNature', 'docType', 'docTypeName'],
  {
    listExtra: { docOrgNo: text(32), docNature: text(32) },
    listOptions: (body) => {
      const nature = (body as DocConfigBody).condition?.docNature;
      return nature
        ? {
            where: (q) =>
              q.where((eb) => eb.or([eb('t1.docNature', '=', nature), eb('t1.docNature', 'is', null)])),
          }
        : {};
    },
  },
);

export const IExtBcDocConfigService = defineService('IExtBcDocConfigService', {
  getextbcdocconfiglistbyparams: defineMethod<DocConfigBody>({
    ...lookup,
    handler: (ctx, body) => {
      const { docOrgNo, ...rest } = body.condition ?? {};
      const condition = docOrgNo ? { ...rest, orgNo: docOrgNo } : rest;
      return lookup.handler(ctx, { ...body, condition });
    },
  }),
});
