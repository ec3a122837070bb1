// The references of a screen that only fail at run time, checked against the server's declarations:
// whether the methods a screen calls serve its menu, what a row button needs (its detail page, its
// call, the toolbar action it runs), the pages a detail page and dashboard cards open, the methods
// the cards read, and the fields a selector depends on being on the same page.

import type { MethodDef } from '../../services/registry.js';
import type { CheckContext } from '../check-screens.js';
import { fixFor } from './suggest.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Whether a route path (a link or a target, `:name` filled at run time) opens one of `paths`: the same
 * segments, a `:name` on either side standing for any value (react-router's matching).
 */
export function matchesRoute(path: string, paths: readonly string[]): boolean {
  const parts = path.split('?')[0].split('/');
  return paths.some((p) => {
    const other = p.split('/');
    return (
      other.length === parts.length &&
      other.every((seg, i) => seg === parts[i] || seg.startsWith(':') || parts[i].startsWith(':'))
    );
  });
}

/** A seeded menu and its ancestors, nearest first: the server looks for a serving menu in this order. */
export function menuChain(menuNo: string, owners: ReadonlyMap<string, string>): string[] {
  const chain: string[] = [];
  for (let m: string | undefined = menuNo; m && owners.has(m) && !chain.includes(m); m = owners.get(m))
    chain.push(m);
  return chain;
}

/** Row buttons that do their own work; every other kind runs the toolbar action of its kind. */
const OWN_ROW_KINDS = new Set(['view', 'rows', 'download', 'custom', 'transition']);

export interface ReferenceInput {
  screen: Obj;
  ctx: CheckContext;
  report: (pointer: string, message: string) => void;
  /** Resolves a call (a method of the screen's service, or Service/method), reporting it when missing. */
  anyMethod: (call: string, pointer: string) => MethodDef | undefined;
  /** Reports a route path no screen (or shell page) has. */
  badRoute: (path: string, pointer: string, what: string) => void;
}

export function checkReferences({ screen, ctx, report, anyMethod, badRoute }: ReferenceInput): void {
  const menuNo = str(screen.menuNo) ?? '';
  const serviceName = str(screen.service) ?? '';
  const service = ctx.services.find((s) => s.name === serviceName);
  const list = isObj(screen.list) ? screen.list : undefined;
  const calls = isObj(screen.calls) ? screen.calls : {};
  const chain = menuChain(menuNo, ctx.menuOwners);
  const resolve = (call: string): MethodDef | undefined => {
    const [s, m] = call.includes('/') ? call.split('/') : [serviceName, call];
    return ctx.services.find((x) => x.name === s)?.methods[m];
  };
  /** The menus a menu-guarded method serves, or undefined when it serves this screen's menu. */
  const unserved = (m: MethodDef | undefined): readonly string[] | undefined =>
    m?.access.kind === 'menu' &&
    !chain.some((c) => (m.access as { menus: readonly string[] }).menus.includes(c))
      ? m.access.menus
      : undefined;
  const moduleFile = (s: string) => `services/modules/${s}.ts`;

  // The screen's own calls must serve its menu: otherwise the server refuses them (a list call that is
  // also a lookup answers, but as a lookup: valid records only, whatever the search says).
  if (chain.length && service) {
    const refused = Object.entries(calls)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([role, name]) => ({ role, name, menus: unserved(service.methods[name]) }))
      .filter((x) => x.menus);
    if (refused.length) {
      const menus = [...new Set(refused.flatMap((x) => x.menus ?? []))];
      report(
        '/menuNo',
        `${serviceName} does not serve menu "${menuNo}" (${refused
          .map((x) => `calls.${x.role} ${x.name}`)
          .join(', ')} serve ${menus.join(', ')}), so its calls would be refused or answer as a lookup: ${
          menus.length === 1 ? `use "menuNo": "${menus[0]}", or ` : ''
        }add "${menuNo}" to the resource's menus in ${moduleFile(serviceName)} (npm run new:screen -- --menu-entry does both)`,
      );
    }
  }
  /** A call of an action or a card that the server would refuse to this menu (no lookup either). */
  const servedCall = (call: string, pointer: string, reportMissing: boolean) => {
    const m = reportMissing ? anyMethod(call, pointer) : resolve(call);
    const menus = unserved(m);
    if (m && menus && !(m.access.kind === 'menu' && m.access.lookup) && chain.length)
      report(
        pointer,
        `${call} does not serve menu "${menuNo}" (it serves ${menus.join(', ')}), so the server would refuse it: call a method this menu may use, or add the menu to that method's menus`,
      );
  };

  // Toolbar calls: served to this menu (the dialog and rows checks of check-screens.ts cover the rest).
  arr(list?.actions).forEach((a, i) => {
    if (typeof a.call === 'string') servedCall(a.call, `/list/actions/${i}/call`, false);
  });

  // Row buttons: view opens a detail page, rows and download call a method, custom calls or opens
  // something, and every other kind runs the toolbar action of its kind.
  const toolbarKinds = new Set(arr(list?.actions).map((a) => String(a.kind)));
  arr(list?.rowActions).forEach((a, i) => {
    const at = `/list/rowActions/${i}`;
    const kind = String(a.kind);
    if (kind === 'view' && typeof a.detail !== 'string')
      report(
        `${at}/detail`,
        "is required for a view button: name the detail screen's path (for example /base/organizational-detail/:id)",
      );
    if ((kind === 'rows' || kind === 'download') && typeof a.call !== 'string')
      report(
        `${at}/call`,
        `is required for a ${kind} button: name the Service/method that answers the ${kind === 'rows' ? 'child rows' : 'file'}`,
      );
    if (kind === 'custom' && typeof a.call !== 'string' && typeof a.target !== 'string')
      report(
        `${at}/call`,
        'a custom button needs a call or a target: name the method it runs or the page it opens',
      );
    if (!OWN_ROW_KINDS.has(kind) && !toolbarKinds.has(kind))
      report(
        `${at}/kind`,
        `a row "${kind}" runs the toolbar "${kind}" action, and list.actions has none: add {"flag": ..., "kind": "${kind}"${
          kind === 'modify' ? ', "target": "<the modify page>"' : ''
        }} to list.actions, or remove this button`,
      );
    if (typeof a.call === 'string' && (kind === 'rows' || kind === 'download' || kind === 'custom'))
      servedCall(a.call, `${at}/call`, false);
  });

  // A detail page's buttons open pages.
  const detail = isObj(screen.detail) ? screen.detail : undefined;
  arr(detail?.actions).forEach((a, i) => {
    if (typeof a.target === 'string') badRoute(a.target, `/detail/actions/${i}/target`, 'an existing screen');
  });

  // Dashboard cards read methods of the screen's service and link to pages.
  const dashboard = isObj(screen.dashboard) ? screen.dashboard : undefined;
  arr(dashboard?.widgets).forEach((w, i) => {
    const at = `/dashboard/widgets/${i}`;
    if (typeof w.call === 'string') servedCall(w.call, `${at}/call`, true);
    const link = (l: unknown, pointer: string) => {
      if (isObj(l) && typeof l.path === 'string') badRoute(l.path, `${pointer}/path`, 'an existing page');
    };
    link(w.more, `${at}/more`);
    arr(w.figures).forEach((f, k) => {
      link(f.link, `${at}/figures/${k}/link`);
    });
    if (isObj(w.itemLinks))
      for (const [type, l] of Object.entries(w.itemLinks)) link(l, `${at}/itemLinks/${type}`);
  });

  // A selector's dependsOn and the fields its lookupCondition reads are fields of the same page part:
  // the search form, the form, the detail page, a dialog, a table's row (with its rowContext).
  const sameSet = (fields: { f: Obj; at: string }[], where: string, extra: readonly string[] = []) => {
    const props = [...fields.map(({ f }) => String(f.prop)), ...extra];
    for (const { f, at } of fields) {
      const dependsOn = str(f.dependsOn);
      if (dependsOn !== undefined && !props.includes(dependsOn))
        report(
          `${at}/dependsOn`,
          `names no field of ${where} ("${dependsOn}"), so the selector would stay disabled: ${fixFor(
            dependsOn,
            props,
            `add a field "${dependsOn}" to ${where}, or remove dependsOn`,
          )}`,
        );
      if (isObj(f.lookupCondition))
        for (const [key, v] of Object.entries(f.lookupCondition)) {
          const field = isObj(v) ? str(v.field) : undefined;
          if (field !== undefined && !props.includes(field))
            report(
              `${at}/lookupCondition/${key}/field`,
              `names no field of ${where} ("${field}"): ${fixFor(field, props, `add a field "${field}" to ${where}`)}`,
            );
        }
    }
  };
  sameSet(
    arr(list?.searchFields).map((f, i) => ({ f, at: `/list/searchFields/${i}` })),
    'the search form',
  );
  arr(list?.actions).forEach((a, i) => {
    sameSet(
      arr(a.fields).map((f, k) => ({ f, at: `/list/actions/${i}/fields/${k}` })),
      'the dialog',
    );
  });
  sameSet(
    arr(detail?.groups).flatMap((g, gi) =>
      arr(g.fields).map((f, fi) => ({ f, at: `/detail/groups/${gi}/fields/${fi}` })),
    ),
    'the detail page',
  );
  const form = isObj(screen.form) ? screen.form : undefined;
  arr(form?.groups).forEach((g, gi) => {
    arr(g.fields).forEach((f, fi) => {
      if (!Array.isArray(f.rowFields)) return;
      const context = Array.isArray(f.rowContext) ? f.rowContext.map(String) : [];
      sameSet(
        arr(f.rowFields).map((r, ri) => ({ f: r, at: `/form/groups/${gi}/fields/${fi}/rowFields/${ri}` })),
        'the row (its rowFields and rowContext)',
        context,
      );
    });
  });
}
