// The calls a document adds to its service: one per transition (under the name the spec gives it), its
// history, and its declaration for the screens (states with labels and colours, transitions with who
// may take them from where), so status tags and transition buttons come from the server's data.

import { MAX_REASON_LENGTH, MAX_TRANSITION_ROWS } from '../../engine/core/documents.js';
import { defineMethod, type JsonSchema, type MethodDef } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { get } from '../resource/resource.js';
import { getBody, rowRefs } from '../resource/schemas.js';
import { documentOf, runTransition, sideOf, type TransitionRequest } from './transition.js';

/**
 * `{condition: {rows: [{id, version}], ...properties}}`: a call on selected records (1 to 500, each at
 * the version the caller read) with the values it needs besides them; nothing else is taken.
 */
export function rowsBody(properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    required: ['condition'],
    properties: {
      condition: {
        type: 'object',
        required: ['rows', ...required],
        additionalProperties: false,
        properties: { rows: rowRefs(MAX_TRANSITION_ROWS), ...properties },
      },
    },
  };
}

/** `{condition: {rows: [{id, version}], reason?}}`: the documents to move and why. */
export function transitionBody(): JsonSchema {
  return rowsBody({ reason: { type: ['string', 'null'], maxLength: MAX_REASON_LENGTH } });
}

export interface DocumentNames {
  /** The history call: `{condition: {id}}`, answered oldest first. */
  history: string;
  /** The declaration call the screens read. */
  define: string;
}

export function documentMethods(def: ResourceDef, names: DocumentNames): Record<string, MethodDef> {
  const doc = documentOf(def);
  const methods: Record<string, MethodDef> = {};
  for (const [name, t] of Object.entries(doc.transitions)) {
    methods[t.method ?? name] = defineMethod<{ condition: TransitionRequest }>({
      body: transitionBody(),
      resource: def,
      audit: 'write',
      access: { kind: 'menu', menus: def.menus, flag: t.flag },
      handler: (ctx, body) => runTransition(def, ctx, name, body.condition),
    });
  }
  methods[names.history] = defineMethod<{ condition: { id: string } }>({
    body: getBody(),
    resource: def,
    audit: 'read',
    access: { kind: 'menu', menus: def.menus, flag: 'isSearch' },
    handler: async (ctx, body) => {
      // The document first, through the caller's scope: another supplier's history is "not found".
      await get(def, ctx, body.condition.id);
      return ctx.db
        .selectFrom('sysDocHistory')
        .select([
          'id',
          'transition',
          'fromStatus',
          'toStatus',
          'reason',
          'source',
          'userNo',
          'userName',
          'createDate',
        ])
        .where('docKind', '=', doc.kind)
        .where('docId', '=', body.condition.id)
        .orderBy('createDate', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },
  });
  methods[names.define] = defineMethod<unknown>({
    body: { type: 'object' },
    audit: 'read',
    access: { kind: 'menu', menus: def.menus, flag: 'isSearch', lookup: true },
    handler: async (ctx) => ({
      kind: doc.kind,
      statusField: doc.statusField,
      numberField: doc.numberField ?? null,
      nameFields: doc.nameFields ?? [],
      nameSequences: doc.nameSequences ?? [],
      editableIn: doc.editableIn ?? null,
      side: sideOf(ctx),
      states: Object.entries(doc.states).map(([code, s]) => ({
        code,
        label: ctx.t(s.label),
        labelKey: s.label,
        color: s.color,
      })),
      transitions: Object.entries(doc.transitions).map(([name, t]) => ({
        name,
        method: t.method ?? name,
        label: ctx.t(t.label ?? `transition.${name}`),
        labelKey: t.label ?? `transition.${name}`,
        from: t.from,
        to: t.to,
        flag: t.flag,
        sides: t.sides,
        reason: t.reason ?? null,
        agree: t.agree ?? [],
      })),
    }),
  });
  return methods;
}
