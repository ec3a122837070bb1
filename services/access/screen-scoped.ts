// Settings that belong to a screen (tags, views, column settings, custom field definitions) are
// read and written only for a screen the caller can open.
import { type CallContext, defineMethod, type JsonSchema, type MethodDef } from '../registry.js';
import { requireOpenable } from './permissions.js';

export const MODULE: JsonSchema = { type: 'string', minLength: 1, maxLength: 100 };

/** The body {condition: {module, ...properties}} with module and `required` required. */
export function moduleBody(properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    required: ['condition'],
    properties: {
      condition: {
        type: 'object',
        required: ['module', ...required],
        properties: { module: MODULE, ...properties },
      },
    },
  };
}

/** A method any user may call for a screen they can open; the check runs before the handler. */
export function screenMethod<Body extends { condition: { module: string } }>(def: {
  body?: JsonSchema;
  handler: (ctx: CallContext, body: Body) => Promise<unknown>;
}): MethodDef<Body> {
  return defineMethod<Body>({
    body: def.body ?? moduleBody(),
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      await requireOpenable(ctx.db, ctx.user!.id, body.condition.module);
      return def.handler(ctx, body);
    },
  });
}
