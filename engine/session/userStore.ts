import type { Org, UserInfo } from '@schemas/generated/user-info';
import { createStore } from '../store/createStore';

export interface UserState {
  avatar: string | undefined;
  name: string | undefined;
  id: string | undefined;
  info: UserInfo | null;
  /** Organisations the user may work in, and the one chosen by default (the first). */
  orgList: Org[];
  currentOrg: Org | undefined;
}

export const userStore = createStore<UserState>(() => ({
  avatar: undefined,
  name: undefined,
  id: undefined,
  info: null,
  orgList: [],
  currentOrg: undefined,
}));

export function storeUserInfo(info: UserInfo): void {
  const orgList = info.sysUserOrgResDtoList ?? [];
  userStore.set({
    info,
    name: info.userName,
    id: info.id,
    avatar: info.url ?? undefined,
    orgList,
    currentOrg: orgList.find((o) => o.orgNo === info.orgNo) ?? orgList[0],
  });
}
