// The standard calls of a resource, named as the spec names them per service.
import {
  type CallContext,
  defineMethod,
  type JsonSchema,
  type MenuFlag,
  type MethodDef,
} from '../registry.js';
import type { ResourceDef } from './define.js';
import {
  add,
  countBy,
  get,
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
      handler: (ctx, body) => get(def, ctx, body.condition.id),
    });
  }
  if (names.add) {
    methods[names.add] = defineMethod<{ condition: Row }>({
      body: addBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isAdd' },
      handler: (ctx, body) => add(def, ctx, body.condition),
    });
  }
  if (names.update) {
    methods[names.update] = defineMethod<{ condition: Row & { id: string; version: number } }>({
      body: updateBody(def),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: 'isModify' },
      handler: (ctx, body) => update(def, ctx, body.condition),
    });
  }
  if (names.delete) {
    methods[names.delete.name] = defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
      body: deleteBody(),
      resource: def,
      access: { kind: 'menu', menus: def.menus, flag: names.delete.flag },
      handler: (ctx, body) => remove(def, ctx, body.condition.delList),
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
