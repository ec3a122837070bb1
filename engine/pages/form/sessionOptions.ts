// The options of selectors that have no lookup, from the session: the organisation selector offers the
// user's organisations (spec 000 section 5), so its codes are named from them too.
import { userStore } from '../../session/userStore';

export function sessionOptions(selector: string): Record<string, unknown>[] {
  return selector === 'organisation' ? (userStore.get().orgList as unknown as Record<string, unknown>[]) : [];
}
