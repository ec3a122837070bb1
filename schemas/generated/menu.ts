/* Generated from schemas/menu.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * Yes or no, as the spec writes them.
 *
 * This interface was referenced by `Menu`'s JSON-Schema
 * via the `definition` "flag".
 */
export type Flag = 'Y' | 'N';

/**
 * A menu entry as ISysMenuService/getsysmenulist answers it (spec 000 section 3), with the 16 permission flags of the user's roles (spec 000 section 6).
 */
export interface Menu {
  /**
   * Menu number, also the route name (for example Base.Basic.Organizational); sent as App-Module-Number.
   */
  menuNo: string;
  /**
   * Title in the caller's language.
   */
  menuName: string;
  /**
   * Depth in the tree: 1 is top level.
   */
  menuLevel: number;
  /**
   * menuNo of the parent; '0' at the top.
   */
  menuOwner: string;
  /**
   * Order among siblings, ascending.
   */
  sort: number;
  /**
   * Absolute route path for a route menu; an address with {orgNo}, {warehouseNo}, {classifyType} and {tenantsid} placeholders for an external one; 'custom:Service/method' for a custom entry.
   */
  url: string;
  /**
   * Icon name (an @ant-design/icons component name).
   */
  icon?: string;
  /**
   * Application the menu belongs to.
   */
  appNo: 'PC' | 'PDA';
  /**
   * group: holds children only; route: an internal page; external: an outside address; custom: posts to a service and opens the returned address in a new window.
   */
  menuType: 'group' | 'route' | 'external' | 'custom';
  /**
   * A route that exists but is not listed in the side menu (detail and edit pages).
   */
  hidden?: boolean;
  /**
   * Child menus, sorted.
   */
  children: Menu[];
  /**
   * May search and view.
   */
  isSearch: 'Y' | 'N';
  /**
   * May add.
   */
  isAdd: 'Y' | 'N';
  /**
   * May modify.
   */
  isModify: 'Y' | 'N';
  /**
   * May delete (void).
   */
  isDelete: 'Y' | 'N';
  /**
   * May cancel a void.
   */
  isCancelInvalid: 'Y' | 'N';
  /**
   * May batch update.
   */
  isBatchUpdate: 'Y' | 'N';
  /**
   * May delete physically.
   */
  isPhysicalDelete: 'Y' | 'N';
  /**
   * May save.
   */
  isSave: 'Y' | 'N';
  /**
   * May submit.
   */
  isSubmit: 'Y' | 'N';
  /**
   * May close.
   */
  isClose: 'Y' | 'N';
  /**
   * May check (audit).
   */
  isCheck: 'Y' | 'N';
  /**
   * May import.
   */
  isImport: 'Y' | 'N';
  /**
   * May export.
   */
  isExport: 'Y' | 'N';
  /**
   * May print.
   */
  isPrint: 'Y' | 'N';
  /**
   * May end.
   */
  isEnd: 'Y' | 'N';
  /**
   * May run the out action.
   */
  isOut: 'Y' | 'N';
}
