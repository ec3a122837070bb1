// Checks that a value names an existing, valid record of the same organisation (a warehouse, a
// strategy, a template): refused with 10017 naming the field and the value otherwise.
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';

export async function mustExist(
  ctx: CallContext,
  field: string,
  value: unknown,
  found: (value: string) => Promise<unknown>,
): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  if (!(await found(String(value))))
    throw new AppError('invalidValue', {
      field: ctx.t(`field.${field}`),
      problem: ctx.t('problem.notExisting', { value: String(value) }),
    });
}

/** A warehouse of the organisation, valid. */
export function warehouseOf(ctx: CallContext, orgNo: string) {
  return (warehouseNo: string) =>
    ctx.db
      .selectFrom('bmWarehouse')
      .select('id')
      .where('orgNo', '=', orgNo)
      .where('warehouseNo', '=', warehouseNo)
      .where('statusCode', '=', '1')
      .executeTakeFirst();
}

/** A document classify type of the organisation, valid. */
export function classifyTypeOf(ctx: CallContext, orgNo: string) {
  return (classifyType: string) =>
    ctx.db
      .selectFrom('bmClassifyType')
      .select('id')
      .where('orgNo', '=', orgNo)
      .where('classifyType', '=', classifyType)
      .where('statusCode', '=', '1')
      .executeTakeFirst();
}
