// The standard calls of a resource, named as the spec names them per service.
import {
  type CallContext,
  defineMethod,
  type JsonSchema,
  type MenuFlag,
  type MethodDef,
} from '../registry.js';
import { type ResourceDef, writeFlag } from './define.js';
import { getWithLines } from './lines.js';
import { get, type ListBody, type ListOptions, list, type Row, tabCounts, tabTotal } from './resource.js';
import { addRecord, removeRecords, updateRecord } from './save.js';
import { addBody, deleteBody, getBody, listBody, updateBody } from './schemas.js';

/** A write method's name, or its name and the flag it needs there (over the resource's `flags`). */
export type WriteName = string | { name: string; flag?: MenuFlag };

export interface StandardNames {
  list?: string;
  get?: string;
  add?: WriteName;
  update?: WriteName;
  /** isPhysicalDelete for a physical delete; isDelete (the default) otherwise. */
  delete?: WriteName;
  /** Extra list conditions beyond the declared filters, with their schemas. */
  listExtra?: Record<string, JsonSchema>;
  listOptions?: (body: ListBody, ctx: CallContext) => ListOptions;
}

const nameOf = (w: WriteName) => (typeof w === 'string' ? w : w.name);
const flagOf = (w: WriteName) => (typeof w === 'string' ? undefined : w.flag);

/** A lookup from another screen's selector sees valid records only (spec 000 section 5). */
export function validOnly(def: ResourceDef): ListOptions['where'] {
  const field = def.validField ?? 'statusCode';
  return def.fields[field] ? (q) => q.where(`t1.${field}`, '=', '1') : undefined;
}

export function standardMethods(def: ResourceDef, names: StandardNames): Record<string, MethodDef> {
  const methods: Record<string, MethodDef> = {};
  if (names.list) {
    methods[names.list] = defineMethod<ListBody>({
      body: listBody(def, names.listExtra),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isSearch', lookup: true },
      handler: async (ctx, body) => {
        const opts = names.listOptions?.(body, ctx) ?? {};
        const where = ctx.lookup ? validOnly(def) : undefined;
        const listOpts: ListOptions = {
          ...opts,
          where: (q) => {
            const scoped = where ? where(q) : q;
            return opts.where ? opts.where(scoped) : scoped;
          },
        };
        // Tab counts ride on the same call, counted under the same scope and conditions as the rows;
        // the page's total is then the count of its tab.
        const condition = body.condition ?? {};
        const by = condition.countBy;
        const filters = condition.countFilters;
        const ask = {
          by: typeof by === 'string' && by ? by : undefined,
          filters: Array.isArray(filters) && filters.length ? (filters as string[]) : undefined,
        };
        if (!ask.by && !ask.filters) return list(def, ctx, body, listOpts);
        const tabs = await tabCounts(def, ctx, condition, ask, listOpts);
        const page = await list(def, ctx, body, { ...listOpts, total: tabTotal(condition, ask, tabs) });
        return { ...page, ...tabs };
      },
    });
  }
  if (names.get) {
    methods[names.get] = defineMethod<{ condition: { id: string } }>({
      body: getBody(),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isSearch' },
      handler: (ctx, body) => getWithLines(def, ctx, body.condition.id),
    });
  }
  if (names.add) {
    methods[nameOf(names.add)] = defineMethod<{ condition: Row }>({
      body: addBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: writeFlag(def, 'add', flagOf(names.add)) },
      handler: (ctx, body) => addRecord(def, ctx, body.condition),
    });
  }
  if (names.update) {
    methods[nameOf(names.update)] = defineMethod<{ condition: Row & { id: string; version: number } }>({
      body: updateBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: writeFlag(def, 'update', flagOf(names.update)) },
      handler: (ctx, body) => updateRecord(def, ctx, body.condition),
    });
  }
  if (names.delete) {
    methods[nameOf(names.delete)] = defineMethod<{
      condition: { delList: { id: string; version: number }[] };
    }>({
      body: deleteBody(),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: writeFlag(def, 'delete', flagOf(names.delete)) },
      handler: (ctx, body) => removeRecords(def, ctx, body.condition.delList),
    });
  }
  return methods;
}

/**
 * getFullAuthority*ListByParams: every valid record in the caller's data scope, for selectors on any
 * screen, projected to the option fields.
 */
export function fullAuthorityList(
  def: ResourceDef,
  fields: readonly string[],
  more: Pick<StandardNames, 'listExtra' | 'listOptions'> = {},
): MethodDef {
  return defineMethod<ListBody>({
    body: listBody(def, more.listExtra),
    access: { kind: 'user' },
    resource: def,
    handler: (ctx, body) => {
      const lookupCtx = { ...ctx, lookup: true };
      const extra = more.listOptions?.(body, lookupCtx)?.where;
      const valid = validOnly(def);
      const where: ListOptions['where'] = (q) => {
        const scoped = valid ? valid(q) : q;
        return extra ? extra(scoped) : scoped;
      };
      return list(def, lookupCtx, body, { where, fields });
    },
  });
}

/**
 * The lines of one head as a page (the list's extra-rows dialog): `{condition: {<parentField>: id}}`,
 * answered only when the head is in the caller's scope (else 10008), in line order.
 */
export function linesListMethod(def: ResourceDef, prop: string): MethodDef {
  const spec = def.lines?.[prop];
  if (!spec) throw new Error(`${def.table}: no lines ${prop}`);
  const body = listBody(spec.resource) as { properties: { condition: JsonSchema & { properties: object } } };
  return defineMethod<ListBody>({
    body: {
      ...body,
      required: ['condition'],
      properties: {
        ...body.properties,
        condition: {
          ...body.properties.condition,
          required: [spec.parentField],
          properties: {
            ...body.properties.condition.properties,
            [spec.parentField]: { type: 'string', format: 'uuid' },
          },
        },
      },
    },
    resource: spec.resource,
    access: { kind: 'menu', menus: def.menus, flag: 'isSearch', lookup: true },
    handler: async (ctx, request) => {
      const headId = String(request.condition?.[spec.parentField]);
      await get(def, ctx, headId);
      return list(spec.resource, ctx, request, {
        where: (q) => q.where(`t1.${spec.parentField}`, '=', headId),
      });
    },
  });
}
