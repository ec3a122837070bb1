// The standard calls of a resource, named as the spec names them per service.
import {
  type CallContext,
  defineMethod,
  type JsonSchema,
  type MenuFlag,
  type MethodDef,
} from '../registry.js';
import type { ResourceDef } from './define.js';
import { getWithLines, writeLines } from './lines.js';
import {
  add,
  countBy,
  get,
  inTransaction,
  type ListBody,
  type ListOptions,
  list,
  type Row,
  remove,
  update,
} from './resource.js';
import { addBody, deleteBody, getBody, listBody, updateBody } from './schemas.js';

export interface StandardNames {
  list?: string;
  get?: string;
  add?: string;
  update?: string;
  /** Method name and the flag it needs: isPhysicalDelete for a physical delete, isDelete otherwise. */
  delete?: { name: string; flag: MenuFlag };
  /** Extra list conditions beyond the declared filters, with their schemas. */
  listExtra?: Record<string, JsonSchema>;
  listOptions?: (body: ListBody, ctx: CallContext) => ListOptions;
  /**
   * Runs in the save's transaction once the head and its lines are written, with the saved record
   * (lines included): a cross-row rule refuses by throwing (nothing is kept), or a side effect (moving a
   * default mark) is written with the rest.
   */
  afterSave?: (ctx: CallContext, saved: Row, mode: 'add' | 'update') => Promise<void>;
  /**
   * Runs in the save's transaction before anything is written, with the payload and, on update, the
   * stored record (in scope): references checked against other tables, or a mark moved off another row.
   */
  beforeSave?: (ctx: CallContext, payload: Row, current: Row | undefined) => Promise<void>;
  /** Runs in the delete's transaction before any row goes, with the rows (in scope) about to go. */
  beforeDelete?: (ctx: CallContext, rows: Row[]) => Promise<void>;
}

/** Writes the line arrays the payload carries (an absent one keeps the stored lines; null means none). */
async function saveLines(def: ResourceDef, ctx: CallContext, headId: string, payload: Row): Promise<void> {
  for (const [prop, spec] of Object.entries(def.lines ?? {})) {
    if (!(prop in payload)) continue;
    const rows = payload[prop];
    await writeLines(ctx, spec, headId, Array.isArray(rows) ? (rows as Row[]) : []);
  }
}

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
        const page = await list(def, ctx, body, listOpts);
        // Tab counts ride on the same call, counted under the same scope and conditions as the rows.
        const by = body.condition?.countBy;
        if (typeof by !== 'string' || !by) return page;
        return { ...page, counts: await countBy(def, ctx, body.condition ?? {}, by, listOpts) };
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
    methods[names.add] = defineMethod<{ condition: Row }>({
      body: addBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isAdd' },
      handler: (ctx, body) => {
        if (!def.lines && !names.afterSave && !names.beforeSave) return add(def, ctx, body.condition);
        // A new head has no lines yet: an absent line array is checked like an empty one.
        const payload = {
          ...Object.fromEntries(Object.keys(def.lines ?? {}).map((p) => [p, []])),
          ...body.condition,
        };
        return inTransaction(ctx, async (txCtx) => {
          await names.beforeSave?.(txCtx, payload, undefined);
          const head = await add(def, txCtx, payload);
          await saveLines(def, txCtx, head.id as string, payload);
          const saved = await getWithLines(def, txCtx, head.id as string);
          await names.afterSave?.(txCtx, saved, 'add');
          return names.afterSave ? getWithLines(def, txCtx, head.id as string) : saved;
        });
      },
    });
  }
  if (names.update) {
    methods[names.update] = defineMethod<{ condition: Row & { id: string; version: number } }>({
      body: updateBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isModify' },
      handler: (ctx, body) => {
        if (!def.lines && !names.afterSave && !names.beforeSave) return update(def, ctx, body.condition);
        // The head's version guards its lines too: a change of lines alone still moves it on.
        return inTransaction(ctx, async (txCtx) => {
          if (names.beforeSave)
            await names.beforeSave(txCtx, body.condition, await get(def, txCtx, body.condition.id));
          await update(def, txCtx, body.condition);
          await saveLines(def, txCtx, body.condition.id, body.condition);
          const saved = await getWithLines(def, txCtx, body.condition.id);
          await names.afterSave?.(txCtx, saved, 'update');
          return names.afterSave ? getWithLines(def, txCtx, body.condition.id) : saved;
        });
      },
    });
  }
  if (names.delete) {
    methods[names.delete.name] = defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
      body: deleteBody(),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: names.delete.flag },
      handler: (ctx, body) => {
        const hook = names.beforeDelete;
        if (!hook) return remove(def, ctx, body.condition.delList);
        return inTransaction(ctx, async (txCtx) => {
          const ids = [...new Set(body.condition.delList.map((d) => d.id))];
          await hook(txCtx, await Promise.all(ids.map((id) => getWithLines(def, txCtx, id))));
          return remove(def, txCtx, body.condition.delList);
        });
      },
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
