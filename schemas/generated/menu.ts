/* Generated from schemas/menu.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * A menu entry as ISysMenuService/getsysmenulist answers it (spec 000 section 3), with every permission flag (schemas/flag.schema.json) as the user's roles grant it (spec 000 section 6). The flags are not listed here one by one: `grants` types them from the flag list.
 */
export type Menu = Grants & {
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
};
/**
 * Every permission flag of schemas/flag.schema.json: 'Y' when one of the user's valid roles grants it on this menu and the menu offers it, else 'N'.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "grants".
 */
export type Grants = {[F in FlagName]: 'Y' | 'N'};
/**
 * Yes or no, as the spec writes them.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "flag".
 */
export type Flag = 'Y' | 'N';
/**
 * A menu permission flag: the one list of them, read by the server (grants, the per-call check, the seed), the engine (toolbar order, the permission tree) and check:screens. Listed in the fixed toolbar order: spec 000 section 6 fixes the order of its 16 flags, and the button permissions of spec 001 section 6 stand among them next to their kin. A flag's label is the locale key menuPermission.flag.<name>, in all four languages. Every menu offers the 16 flags of spec 000 (BaseFlag); a menu offers any other flag only when its entry in services/seed/menus.ts names it.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "flagName".
 */
export type FlagName =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
