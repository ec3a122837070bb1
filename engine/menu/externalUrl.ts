import type { UserInfo } from '@schemas/generated/user-info';

type Scope = Pick<UserInfo, 'userDataList' | 'tenantsid'>;

const DATA_TYPE = { orgNo: 1, warehouseNo: 3, classifyType: 4 } as const;

function scopeValue(user: Scope, dataType: number): string {
  return (user.userDataList ?? [])
    .filter((row) => row.dataType === dataType)
    .map((row) => encodeURIComponent(row.dataValue))
    .join(',');
}

/**
 * Fills {orgNo}, {warehouseNo}, {classifyType} and {tenantsid} of an external menu address from the
 * user's data scope (userDataList dataType 1, 3, 4; several values comma-joined) and tenant.
 * dataType 2 is collected but not used for addresses (spec 000 section 3).
 */
export function fillExternalUrl(url: string, user: Scope): string {
  return url
    .replaceAll('{orgNo}', scopeValue(user, DATA_TYPE.orgNo))
    .replaceAll('{warehouseNo}', scopeValue(user, DATA_TYPE.warehouseNo))
    .replaceAll('{classifyType}', scopeValue(user, DATA_TYPE.classifyType))
    .replaceAll('{tenantsid}', encodeURIComponent(user.tenantsid ?? ''));
}
