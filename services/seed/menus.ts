// The seeded menu tree: every route and labelled screen of both specs, the permission flags each menu
// offers and those the demo roles get. Data only: the seeding code turns it into sys_menu and
// sys_role_menu rows, and the titles live in locales/ under `menu.<menuNo>`.
//
// Where a spec names a route its path and name are used as written (camelCase segments included);
// screens the spec names by label only get a kebab-case path under their area and a dotted
// Area.Group.Screen menu number. Hidden pages (add, modify, detail) hang under the list they belong
// to, so the server can fall back to the list's flags and the client can find its back target.

import { type FlagName, offeredFlags } from '../../engine/core/flags.js';
import type { MenuFlag } from '../registry.js';
import { screenMenuSeeds } from './screen-menus.js';

export type SeedRole = 'admin' | 'buyer' | 'supplier';
// The permission flags are declared once, in schemas/flag.schema.json.
export type { MenuFlag };

export interface MenuSeed {
  /** Route name, unique, e.g. 'Base.Basic.Organizational'. */
  menuNo: string;
  /** Parent menuNo, '0' at the top. */
  owner: string;
  /** Absolute route path for a route, '' for a group; an address with placeholders for external; 'custom:Service/method' for custom. */
  path: string;
  menuType: 'group' | 'route' | 'external' | 'custom';
  /** An @ant-design/icons component name. */
  icon?: string;
  appNo: 'PC' | 'PDA';
  /** A route that exists but is not listed in the side menu (add, modify and detail pages). */
  hidden?: boolean;
  sort: number;
  /**
   * Flags the menu offers beyond the 16 of spec 000 (which every menu offers): only those its screens
   * use, so the permission tree shows them on this menu alone. A screen action naming a flag its menu
   * does not offer fails check:screens; a role granting one is refused.
   */
  extraFlags?: FlagName[];
  /** Flags per role, among those the menu offers; admin gets every flag of every menu and is not listed. */
  roles: { buyer?: MenuFlag[]; supplier?: MenuFlag[] };
}

/** The flags a seeded menu offers, in the fixed toolbar order. */
export const menuOffers = (menu: MenuSeed): FlagName[] => offeredFlags(menu.extraFlags);

/** The menu with extra flags to offer (spec 001 section 6 buttons its screens use). */
const offering = (menu: MenuSeed, ...extraFlags: FlagName[]): MenuSeed => ({ ...menu, extraFlags });

type Roles = MenuSeed['roles'];

// Flag sets, named after what the role does on the screen.
const VIEW: MenuFlag[] = ['isSearch'];
const VIEW_EXPORT: MenuFlag[] = ['isSearch', 'isExport'];
const VIEW_PRINT: MenuFlag[] = ['isSearch', 'isExport', 'isPrint'];
const MAINTAIN: MenuFlag[] = ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isExport'];
const ADD_PAGE: MenuFlag[] = ['isSearch', 'isAdd', 'isSave'];
const MODIFY_PAGE: MenuFlag[] = ['isSearch', 'isModify', 'isSave'];
/** Purchaser publishing schedules, forecasts and plans. */
const PUBLISH: MenuFlag[] = ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isSubmit', 'isImport', 'isExport'];
/** Supplier answering (saving a draft answer, then submitting it). */
const ANSWER: MenuFlag[] = ['isSearch', 'isModify', 'isSave', 'isSubmit', 'isExport'];
/** Purchaser configuration screens. */
const CONFIGURE: MenuFlag[] = ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isSave', 'isExport'];

/** Both business roles see the menu. */
const BOTH_VIEW: Roles = { buyer: VIEW, supplier: VIEW };
/** Base data: the purchaser may look and export, the supplier sees nothing. */
const BASE_VIEW: Roles = { buyer: VIEW_EXPORT };
const ADMIN_ONLY: Roles = {};

const group = (menuNo: string, owner: string, sort: number, icon: string, roles: Roles): MenuSeed => ({
  menuNo,
  owner,
  path: '',
  menuType: 'group',
  icon,
  appNo: 'PC',
  sort,
  roles,
});
const route = (menuNo: string, owner: string, sort: number, path: string, roles: Roles): MenuSeed => ({
  menuNo,
  owner,
  path,
  menuType: 'route',
  appNo: 'PC',
  sort,
  roles,
});
const page = (menuNo: string, owner: string, sort: number, path: string, roles: Roles): MenuSeed => ({
  ...route(menuNo, owner, sort, path, roles),
  hidden: true,
});
const pda = (menu: MenuSeed): MenuSeed => ({ ...menu, appNo: 'PDA' });

export const MENUS: MenuSeed[] = [
  // ---- Dashboard (index module) and the hidden pages opened from it -------------------------------
  { ...route('Index.Dashboard', '0', 1, '/dashboard', BOTH_VIEW), icon: 'DashboardOutlined' },
  page('Index.NewsNotice.List', 'Index.Dashboard', 1, '/newsnotice-list', BOTH_VIEW),
  page('Index.NewsNotice.Detail', 'Index.Dashboard', 2, '/newsnotice-list-detail', BOTH_VIEW),
  page('Index.MySchedule.List', 'Index.Dashboard', 3, '/myschedule-list', BOTH_VIEW),
  // Every user's own messages, opened from the bell of the top bar.
  page('Index.Message.List', 'Index.Dashboard', 4, '/message-list', BOTH_VIEW),

  // ---- Order collaboration (spec 000 route table) ----------------------------------------------------
  group('Offsite.Order.Collaboration', '0', 2, 'ShoppingCartOutlined', BOTH_VIEW),
  route(
    'Offsite.Outsourced.Order',
    'Offsite.Order.Collaboration',
    1,
    '/orderCollaboration/outsourced-order-query',
    {
      buyer: VIEW_PRINT,
      supplier: VIEW_PRINT,
    },
  ),
  // The supplier answers order lines from the list too: accept and refuse (isSubmit), reopen (isModify),
  // and ships chosen lines in a new delivery notice (isAdd).
  route('Offsite.User.Order', 'Offsite.Order.Collaboration', 2, '/orderCollaboration/userOrder', {
    buyer: ['isSearch', 'isClose', 'isExport', 'isPrint'],
    supplier: ['isSearch', 'isAdd', 'isModify', 'isSubmit', 'isExport', 'isPrint'],
  }),
  // Supplier only: accept or refuse orders, answer quantity and date.
  page('Offsite.User.Order.Acceptance', 'Offsite.User.Order', 1, '/orderCollaboration/userOrder/acceptance', {
    buyer: VIEW_EXPORT,
    supplier: ANSWER,
  }),
  // Answer change requests (ISupSrmPurchaseAnswerChangeService): once a line is accepted the supplier
  // asks to change its promise (isSubmit, also from the order list) and withdraws (isModify); the
  // purchaser approves or rejects (isCheck); both export the list they see.
  page(
    'Offsite.User.Order.Acceptance.Change',
    'Offsite.User.Order.Acceptance',
    1,
    '/orderCollaboration/userOrder/acceptance-change',
    {
      buyer: ['isSearch', 'isCheck', 'isExport'],
      supplier: ['isSearch', 'isModify', 'isSave', 'isSubmit', 'isExport'],
    },
  ),
  // Date-change requests (ISupSrmPurchaseDateChangeService): the purchaser approves or rejects them
  // (isCheck), the supplier requests (isSubmit, also from the order list) and withdraws (isModify); both
  // export the list they see, so isExport is theirs too.
  page(
    'Offsite.User.Order.Acceptance.DateChange',
    'Offsite.User.Order.Acceptance',
    2,
    '/orderCollaboration/userOrder/date-change',
    {
      buyer: ['isSearch', 'isCheck', 'isExport'],
      supplier: ['isSearch', 'isModify', 'isSave', 'isSubmit', 'isExport'],
    },
  ),

  // ---- Delivery schedule (deliverySchedule redirects to the announcements) ---------------------------
  group('Offsite.Schedule.Setting', '0', 3, 'ScheduleOutlined', BOTH_VIEW),
  // Announcements are released (isRelease) to the suppliers.
  offering(
    route('Offsite.Announcement.News', 'Offsite.Schedule.Setting', 1, '/deliverySchedule/announcement-news', {
      buyer: ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isRelease', 'isClose', 'isExport'],
      supplier: VIEW,
    }),
    'isRelease',
  ),
  page(
    'Offsite.Announcement.News.Add',
    'Offsite.Announcement.News',
    1,
    '/deliverySchedule/add-announcement-news',
    {
      buyer: ADD_PAGE,
    },
  ),
  page(
    'Offsite.Announcement.News.Modify',
    'Offsite.Announcement.News',
    2,
    '/deliverySchedule/modify-announcement-news',
    { buyer: MODIFY_PAGE },
  ),
  route('Offsite.Schedule.Pending', 'Offsite.Schedule.Setting', 2, '/deliverySchedule/pending-schedule', {
    buyer: ['isSearch', 'isModify', 'isSubmit', 'isImport', 'isExport'],
    supplier: VIEW_EXPORT,
  }),
  route('Offsite.Schedule.ReplySchedule', 'Offsite.Schedule.Setting', 3, '/deliverySchedule/replySchedule', {
    buyer: VIEW_EXPORT,
    supplier: ANSWER,
  }),
  // The schedule board's buttons (spec 001 section 6): export, view PO, change record, send warning, print.
  offering(
    route('Offsite.Schedule.Kanban', 'Offsite.Schedule.Setting', 4, '/deliverySchedule/scheduleKanban', {
      buyer: VIEW_PRINT,
      supplier: VIEW_PRINT,
    }),
    'isViewPo',
    'isChangeRecord',
    'isSendWarning',
  ),
  route('Offsite.Schedule.PurchasePlan', 'Offsite.Schedule.Setting', 5, '/deliverySchedule/purchase-plan', {
    buyer: PUBLISH,
    supplier: VIEW_EXPORT,
  }),
  route(
    'Offsite.Schedule.PurchaseForecast',
    'Offsite.Schedule.Setting',
    6,
    '/deliverySchedule/purchase-forecast',
    {
      buyer: PUBLISH,
      supplier: VIEW_EXPORT,
    },
  ),
  route(
    'Offsite.Schedule.ShippingSchedule',
    'Offsite.Schedule.Setting',
    7,
    '/deliverySchedule/shipping-schedule',
    {
      buyer: PUBLISH,
      supplier: VIEW_EXPORT,
    },
  ),
  route('Offsite.Schedule.DeliveryPlan', 'Offsite.Schedule.Setting', 8, '/deliverySchedule/delivery-plan', {
    buyer: PUBLISH,
    supplier: VIEW_EXPORT,
  }),
  route('Offsite.Schedule.DsbMonitoring', 'Offsite.Schedule.Setting', 9, '/deliverySchedule/dsb-monitoring', {
    buyer: VIEW_EXPORT,
  }),

  // ---- Offsite delivery (/delivery, default: address list) -------------------------------------------
  group('Offsite.Delivery.Collaboration', '0', 4, 'CarOutlined', BOTH_VIEW),
  route('Offsite.Delivery.Address', 'Offsite.Delivery.Collaboration', 1, '/delivery/address', {
    buyer: VIEW_EXPORT,
    supplier: MAINTAIN,
  }),
  page('Offsite.Delivery.Address.Add', 'Offsite.Delivery.Address', 1, '/delivery/add-address', {
    supplier: ADD_PAGE,
  }),
  page('Offsite.Delivery.Address.Modify', 'Offsite.Delivery.Address', 2, '/delivery/modify-address', {
    supplier: MODIFY_PAGE,
  }),
  // Supplier only: order delivery with schedule matching creates the ASN (addAsn), addAsn/add is its detail.
  route('Offsite.Delivery.OrderDelivery', 'Offsite.Delivery.Collaboration', 2, '/delivery/addAsn', {
    supplier: ['isSearch', 'isAdd', 'isSave', 'isSubmit'],
  }),
  page('Offsite.Delivery.OrderDelivery.Detail', 'Offsite.Delivery.OrderDelivery', 1, '/delivery/addAsn/add', {
    supplier: ['isSearch', 'isAdd', 'isModify', 'isSave', 'isSubmit', 'isPrint'],
  }),
  route('Offsite.Delivery.OrderTracking', 'Offsite.Delivery.Collaboration', 3, '/delivery/orderTracking', {
    buyer: VIEW_EXPORT,
    supplier: VIEW_EXPORT,
  }),
  route(
    'Offsite.Delivery.ReceivingDetails',
    'Offsite.Delivery.Collaboration',
    4,
    '/delivery/receivingDetails',
    {
      buyer: VIEW_EXPORT,
      supplier: VIEW_EXPORT,
    },
  ),
  // Supplier side: the supplier's own ASNs (modify a draft or a rejected one, submit, cancel, print).
  route('Offsite.Delivery.AsnTracking', 'Offsite.Delivery.Collaboration', 5, '/delivery/asnTracking', {
    supplier: ['isSearch', 'isModify', 'isSubmit', 'isDelete', 'isExport', 'isPrint'],
  }),
  page(
    'Offsite.Delivery.AsnTracking.Detail',
    'Offsite.Delivery.AsnTracking',
    1,
    '/delivery/asnTracking/detail/:id',
    {
      supplier: ['isSearch', 'isPrint'],
    },
  ),
  // Purchaser side: check (isCheck), approve or reject (isApprove, isReject), receive (isSubmit), cancel
  // receipt (isCancelInvalid), close the case (isClose), settle a line (isEnd), void (isDelete).
  offering(
    route('Offsite.Delivery.AsnList', 'Offsite.Delivery.Collaboration', 6, '/delivery/asn-list', {
      buyer: [
        'isSearch',
        'isDelete',
        'isCancelInvalid',
        'isSubmit',
        'isClose',
        'isCheck',
        'isExport',
        'isPrint',
        'isEnd',
        'isApprove',
        'isReject',
      ],
    }),
    'isApprove',
    'isReject',
  ),
  offering(
    page('Offsite.Delivery.AsnList.Detail', 'Offsite.Delivery.AsnList', 1, '/delivery/asn-list/detail/:id', {
      // isEnd: the purchaser closes (settles) selected lines on the notice's page.
      buyer: ['isSearch', 'isCheck', 'isPrint', 'isApprove', 'isReject', 'isEnd'],
    }),
    'isApprove',
    'isReject',
  ),
  // Delivery approval (ISrmDeliveryApprovalService): the supplier qualifies materials and lots (add,
  // modify, delete a draft, submit, cancel: isDelete); the purchaser approves or rejects (isApprove,
  // isReject) and voids an approved one (isCancelInvalid).
  offering(
    route('Offsite.Delivery.Approval', 'Offsite.Delivery.Collaboration', 7, '/delivery/delivery-approval', {
      buyer: ['isSearch', 'isCheck', 'isExport', 'isApprove', 'isReject', 'isCancelInvalid'],
      supplier: ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isSubmit', 'isExport'],
    }),
    'isApprove',
    'isReject',
  ),
  route('Offsite.Delivery.LabelPrint', 'Offsite.Delivery.Collaboration', 8, '/delivery/label-print', {
    supplier: VIEW_PRINT,
  }),
  page('Offsite.Delivery.LabelPrint.Split', 'Offsite.Delivery.LabelPrint', 1, '/delivery/split-label-print', {
    supplier: ['isSearch', 'isPrint'],
  }),

  // ---- Receipt tracking (spec 000 route table; the group redirects to acceptance details) ------------
  group('ReceiptTracking', '0', 5, 'FileSearchOutlined', BOTH_VIEW),
  route('ReceiptTracking.Acceptance.Details', 'ReceiptTracking', 1, '/receipt-tracking/acceptance-details', {
    buyer: VIEW_EXPORT,
    supplier: VIEW_EXPORT,
  }),
  route('ReceiptTracking.Rejection.Details', 'ReceiptTracking', 2, '/receipt-tracking/rejection-details', {
    buyer: VIEW_EXPORT,
    supplier: VIEW_EXPORT,
  }),
  route('ReceiptTracking.Return.Details', 'ReceiptTracking', 3, '/receipt-tracking/return-details', {
    buyer: VIEW_EXPORT,
    supplier: VIEW_EXPORT,
  }),
  route(
    'ReceiptTracking.Warehousing.Details',
    'ReceiptTracking',
    4,
    '/receipt-tracking/warehousing-details',
    {
      buyer: VIEW_EXPORT,
      supplier: VIEW_EXPORT,
    },
  ),

  // ---- Inventory synergy (default: VMI query) --------------------------------------------------------
  group('Offsite.Inventory.Synergy', '0', 6, 'DatabaseOutlined', BOTH_VIEW),
  // Both sides may ask the ERP for fresh stock (Stock sync).
  offering(
    route('Offsite.Vmi.Query', 'Offsite.Inventory.Synergy', 1, '/inventorySynergy/vmi/query', {
      buyer: [...VIEW_EXPORT, 'isStockSync'],
      supplier: [...VIEW_EXPORT, 'isStockSync'],
    }),
    'isStockSync',
  ),
  route(
    'Offsite.Vmi.PeriodMovement',
    'Offsite.Inventory.Synergy',
    2,
    '/inventorySynergy/vmi/period-movement',
    {
      buyer: VIEW_EXPORT,
      supplier: VIEW_EXPORT,
    },
  ),
  // Counting differences: import the actual count, handle exceptions, generate the adjustment order.
  offering(
    route(
      'Offsite.Vmi.InventoryDifference',
      'Offsite.Inventory.Synergy',
      3,
      '/inventorySynergy/vmi/inventory-difference',
      {
        buyer: VIEW_EXPORT,
        supplier: VIEW_EXPORT,
      },
    ),
    'isActualCountImport',
    'isExceptionHandling',
    'isGenerateAdjustment',
  ),
  page(
    'Offsite.Vmi.InventoryDifference.Detail',
    'Offsite.Vmi.InventoryDifference',
    1,
    '/inventorySynergy/vmi/inventory-difference/detail',
    { buyer: VIEW_EXPORT, supplier: VIEW_EXPORT },
  ),
  route(
    'Offsite.Escrow.WarehouseDiff',
    'Offsite.Inventory.Synergy',
    4,
    '/inventorySynergy/escrow/warehouse-diff',
    {
      buyer: VIEW_EXPORT,
      supplier: VIEW_EXPORT,
    },
  ),
  route(
    'Offsite.Escrow.WarehouseQuery',
    'Offsite.Inventory.Synergy',
    5,
    '/inventorySynergy/escrow/warehouse-query',
    {
      buyer: VIEW_EXPORT,
      supplier: VIEW_EXPORT,
    },
  ),

  // ---- Reconciliation and invoicing ------------------------------------------------------------------
  group('Offsite.Reconciliation.Invoicing', '0', 7, 'AccountBookOutlined', BOTH_VIEW),
  // Purchaser raises, submits, approves (isCheck; isApprove, isReject) and completes (isEnd) deductions;
  // the supplier handles them (agrees with isConfirm, refuses with isReject).
  offering(
    route(
      'Offsite.Reconciliation.DeductionManage',
      'Offsite.Reconciliation.Invoicing',
      1,
      '/reconciliation-invoicing/deduction-manage',
      {
        buyer: [
          'isSearch',
          'isAdd',
          'isModify',
          'isDelete',
          'isSubmit',
          'isCheck',
          'isExport',
          'isPrint',
          'isEnd',
        ],
        supplier: VIEW_PRINT,
      },
    ),
    'isApprove',
    'isReject',
  ),
  offering(
    page(
      'Offsite.Reconciliation.DeductionManage.Handle',
      'Offsite.Reconciliation.DeductionManage',
      1,
      '/reconciliation-invoicing/deduction-manage/handle/:id',
      { buyer: VIEW, supplier: ['isSearch', 'isCheck'] },
    ),
    'isConfirm',
    'isReject',
  ),
  // Both sides confirm or cancel confirmation (isCheck; isConfirm) and exchange dispute messages; the
  // confirmed bill is thrown to the ERP (isOut).
  offering(
    route(
      'Offsite.Reconciliation.Bill',
      'Offsite.Reconciliation.Invoicing',
      2,
      '/reconciliation-invoicing/bill',
      {
        buyer: ['isSearch', 'isSave', 'isCheck', 'isExport', 'isPrint'],
        supplier: ['isSearch', 'isSave', 'isCheck', 'isExport', 'isPrint'],
      },
    ),
    'isConfirm',
  ),
  route(
    'Offsite.Reconciliation.Pool',
    'Offsite.Reconciliation.Invoicing',
    3,
    '/reconciliation-invoicing/pool',
    {
      buyer: VIEW_EXPORT,
      supplier: ['isSearch', 'isAdd', 'isExport'],
    },
  ),
  // Supplier enters invoicing documents; purchaser approves (isCheck; isApprove, isReject), voids
  // (isDelete), throws to ERP (isOut).
  offering(
    route(
      'Offsite.Reconciliation.Management',
      'Offsite.Reconciliation.Invoicing',
      4,
      '/reconciliation-invoicing/management',
      {
        buyer: ['isSearch', 'isDelete', 'isCheck', 'isExport', 'isPrint', 'isOut'],
        supplier: ['isSearch', 'isAdd', 'isModify', 'isDelete', 'isSubmit', 'isExport', 'isPrint'],
      },
    ),
    'isApprove',
    'isReject',
  ),
  page(
    'Offsite.Reconciliation.Management.Add',
    'Offsite.Reconciliation.Management',
    1,
    '/reconciliation-invoicing/management/add',
    { supplier: ['isSearch', 'isAdd', 'isSave', 'isSubmit'] },
  ),
  page(
    'Offsite.Reconciliation.Management.Invoicing',
    'Offsite.Reconciliation.Management',
    2,
    '/reconciliation-invoicing/management/invoicing',
    { supplier: ['isSearch', 'isAdd', 'isSave', 'isSubmit'] },
  ),
  // Its back target is the add page, so it hangs under it.
  page(
    'Offsite.Reconciliation.Management.Generate',
    'Offsite.Reconciliation.Management.Add',
    1,
    '/reconciliation-invoicing/management/generate',
    { supplier: ['isSearch', 'isAdd', 'isSave', 'isSubmit'] },
  ),
  page(
    'Offsite.Reconciliation.Management.Enter',
    'Offsite.Reconciliation.Management',
    3,
    '/reconciliation-invoicing/management/enter',
    { buyer: VIEW, supplier: ['isSearch', 'isModify', 'isSave', 'isSubmit'] },
  ),
  route(
    'Offsite.Reconciliation.Rule',
    'Offsite.Reconciliation.Invoicing',
    5,
    '/reconciliation-invoicing/reconciliation-rule',
    { buyer: MAINTAIN },
  ),

  // ---- Purchaser configuration (screens named by label only) -----------------------------------------
  group('Offsite.Config.Setting', '0', 8, 'ControlOutlined', { buyer: VIEW }),
  route('Offsite.Config.DeliveryRule', 'Offsite.Config.Setting', 1, '/collaboration-config/delivery-rule', {
    buyer: CONFIGURE,
  }),
  route('Offsite.Config.OrderAnswer', 'Offsite.Config.Setting', 2, '/collaboration-config/order-answer', {
    buyer: CONFIGURE,
  }),
  route(
    'Offsite.Config.PurchaseExecution',
    'Offsite.Config.Setting',
    3,
    '/collaboration-config/purchase-execution',
    {
      buyer: CONFIGURE,
    },
  ),
  route('Offsite.Config.Global', 'Offsite.Config.Setting', 4, '/collaboration-config/global', {
    buyer: VIEW,
  }),

  // ---- Base data (/base redirects to the organizational list); supplier users get nothing here -------
  group('Base', '0', 9, 'AppstoreOutlined', { buyer: VIEW }),
  group('Base.Basic', 'Base', 1, 'BankOutlined', { buyer: VIEW }),
  route('Base.Basic.Organizational', 'Base.Basic', 1, '/base/organizational', BASE_VIEW),
  page(
    'Base.Basic.Organizational.Add',
    'Base.Basic.Organizational',
    1,
    '/base/add-organizational',
    ADMIN_ONLY,
  ),
  page(
    'Base.Basic.Organizational.Modify',
    'Base.Basic.Organizational',
    2,
    '/base/modify-organizational/:id',
    ADMIN_ONLY,
  ),
  route('Base.Basic.Warehouse', 'Base.Basic', 2, '/base/warehouse', BASE_VIEW),
  route('Base.Basic.Supplier', 'Base.Basic', 3, '/base/supplier', BASE_VIEW),
  page('Base.Basic.Supplier.Add', 'Base.Basic.Supplier', 1, '/base/add-supplier', ADMIN_ONLY),
  page('Base.Basic.Supplier.Modify', 'Base.Basic.Supplier', 2, '/base/modify-supplier/:id', ADMIN_ONLY),
  route('Base.Basic.Customer', 'Base.Basic', 4, '/base/customer', BASE_VIEW),
  page('Base.Basic.Customer.Add', 'Base.Basic.Customer', 1, '/base/add-customer', ADMIN_ONLY),
  page('Base.Basic.Customer.Modify', 'Base.Basic.Customer', 2, '/base/modify-customer/:id', ADMIN_ONLY),
  route('Base.Basic.Address', 'Base.Basic', 5, '/base/address', BASE_VIEW),
  page('Base.Basic.Address.Add', 'Base.Basic.Address', 1, '/base/add-address', ADMIN_ONLY),
  page('Base.Basic.Address.Modify', 'Base.Basic.Address', 2, '/base/modify-address/:id', ADMIN_ONLY),

  group('Base.Material', 'Base', 2, 'GoldOutlined', { buyer: VIEW }),
  route('Base.Material.Material', 'Base.Material', 1, '/base/material', BASE_VIEW),
  route('Base.Material.Category', 'Base.Material', 2, '/base/category', BASE_VIEW),
  route('Base.Material.Unit', 'Base.Material', 3, '/base/unit', BASE_VIEW),
  route(
    'Base.Material.ItemGroupSubstitution',
    'Base.Material',
    4,
    '/base/item-group-substitution',
    BASE_VIEW,
  ),
  route('Base.Material.Reservoir', 'Base.Material', 5, '/base/reservoir', BASE_VIEW),
  route('Base.Material.Cell', 'Base.Material', 6, '/base/cell', BASE_VIEW),
  // Material base data: the add and modify pages of the lists above, and the
  // conversion and merchant-item lists the spec names by label only ("units and conversions").
  page('Base.Material.Material.Add', 'Base.Material.Material', 1, '/base/add-material', ADMIN_ONLY),
  page('Base.Material.Material.Modify', 'Base.Material.Material', 2, '/base/modify-material/:id', ADMIN_ONLY),
  page('Base.Material.Category.Add', 'Base.Material.Category', 1, '/base/add-category', ADMIN_ONLY),
  page('Base.Material.Category.Modify', 'Base.Material.Category', 2, '/base/modify-category/:id', ADMIN_ONLY),
  page('Base.Material.Unit.Add', 'Base.Material.Unit', 1, '/base/add-unit', ADMIN_ONLY),
  page('Base.Material.Unit.Modify', 'Base.Material.Unit', 2, '/base/modify-unit/:id', ADMIN_ONLY),
  page(
    'Base.Material.ItemGroupSubstitution.Add',
    'Base.Material.ItemGroupSubstitution',
    1,
    '/base/add-item-group-substitution',
    ADMIN_ONLY,
  ),
  page(
    'Base.Material.ItemGroupSubstitution.Modify',
    'Base.Material.ItemGroupSubstitution',
    2,
    '/base/modify-item-group-substitution/:id',
    ADMIN_ONLY,
  ),
  page('Base.Material.Reservoir.Add', 'Base.Material.Reservoir', 1, '/base/add-reservoir', ADMIN_ONLY),
  page(
    'Base.Material.Reservoir.Modify',
    'Base.Material.Reservoir',
    2,
    '/base/modify-reservoir/:id',
    ADMIN_ONLY,
  ),
  page('Base.Material.Cell.Add', 'Base.Material.Cell', 1, '/base/add-cell', ADMIN_ONLY),
  page('Base.Material.Cell.Modify', 'Base.Material.Cell', 2, '/base/modify-cell/:id', ADMIN_ONLY),
  route('Base.Material.UnitConversion', 'Base.Material', 7, '/base/unit-conversion', BASE_VIEW),
  page(
    'Base.Material.UnitConversion.Add',
    'Base.Material.UnitConversion',
    1,
    '/base/add-unit-conversion',
    ADMIN_ONLY,
  ),
  page(
    'Base.Material.UnitConversion.Modify',
    'Base.Material.UnitConversion',
    2,
    '/base/modify-unit-conversion/:id',
    ADMIN_ONLY,
  ),
  route('Base.Material.ItemUnitConversion', 'Base.Material', 8, '/base/item-unit-conversion', BASE_VIEW),
  page(
    'Base.Material.ItemUnitConversion.Add',
    'Base.Material.ItemUnitConversion',
    1,
    '/base/add-item-unit-conversion',
    ADMIN_ONLY,
  ),
  page(
    'Base.Material.ItemUnitConversion.Modify',
    'Base.Material.ItemUnitConversion',
    2,
    '/base/modify-item-unit-conversion/:id',
    ADMIN_ONLY,
  ),
  route('Base.Material.CustomerItem', 'Base.Material', 9, '/base/customer-item', BASE_VIEW),
  page(
    'Base.Material.CustomerItem.Add',
    'Base.Material.CustomerItem',
    1,
    '/base/add-customer-item',
    ADMIN_ONLY,
  ),
  page(
    'Base.Material.CustomerItem.Modify',
    'Base.Material.CustomerItem',
    2,
    '/base/modify-customer-item/:id',
    ADMIN_ONLY,
  ),
  route('Base.Material.SupplierItem', 'Base.Material', 10, '/base/supplier-item', BASE_VIEW),
  page(
    'Base.Material.SupplierItem.Add',
    'Base.Material.SupplierItem',
    1,
    '/base/add-supplier-item',
    ADMIN_ONLY,
  ),
  page(
    'Base.Material.SupplierItem.Modify',
    'Base.Material.SupplierItem',
    2,
    '/base/modify-supplier-item/:id',
    ADMIN_ONLY,
  ),

  group('Base.Barcode', 'Base', 3, 'BarcodeOutlined', { buyer: VIEW }),
  route('Base.Barcode.BarcodeRule', 'Base.Barcode', 1, '/base/barcode-rule', BASE_VIEW),
  route('Base.Barcode.BatchRule', 'Base.Barcode', 2, '/base/batch-rule', BASE_VIEW),
  route('Base.Barcode.ContainerRule', 'Base.Barcode', 3, '/base/container-rule', BASE_VIEW),
  route('Base.Barcode.Label', 'Base.Barcode', 4, '/base/label', BASE_VIEW),
  route('Base.Barcode.Container', 'Base.Barcode', 5, '/base/container', BASE_VIEW),
  route('Base.Barcode.SnStatus', 'Base.Barcode', 6, '/base/sn-status', BASE_VIEW),

  group('Base.Strategy', 'Base', 4, 'PartitionOutlined', { buyer: VIEW }),
  route('Base.Strategy.WaveTemplate', 'Base.Strategy', 1, '/base/wave-template', BASE_VIEW),
  route('Base.Strategy.Turnover', 'Base.Strategy', 2, '/base/turnover-strategy', BASE_VIEW),
  route('Base.Strategy.Putaway', 'Base.Strategy', 3, '/base/putaway-strategy', BASE_VIEW),
  route('Base.Strategy.Picking', 'Base.Strategy', 4, '/base/picking-strategy', BASE_VIEW),
  route('Base.Strategy.Allocation', 'Base.Strategy', 5, '/base/allocation-strategy', BASE_VIEW),
  route('Base.Strategy.Application', 'Base.Strategy', 6, '/base/strategy-application', BASE_VIEW),

  group('Base.Message', 'Base', 5, 'MessageOutlined', { buyer: VIEW }),
  route('Base.Message.Config', 'Base.Message', 1, '/base/message-config', BASE_VIEW),
  route('Base.Message.Policy', 'Base.Message', 2, '/base/message-policy', BASE_VIEW),
  route('Base.Message.Template', 'Base.Message', 3, '/base/message-template', BASE_VIEW),
  route('Base.Message.Query', 'Base.Message', 4, '/base/message-query', BASE_VIEW),
  route('Base.Message.File', 'Base.Message', 5, '/base/file-management', BASE_VIEW),

  // ---- System management (/baseManage redirects to users); administrators only ----------------------
  group('BaseManage', '0', 10, 'SettingOutlined', ADMIN_ONLY),
  group('BaseManage.Base', 'BaseManage', 1, 'TeamOutlined', ADMIN_ONLY),
  route('BaseManage.Base.User', 'BaseManage.Base', 1, '/baseManage/user', ADMIN_ONLY),
  page('BaseManage.Base.User.Add', 'BaseManage.Base.User', 1, '/baseManage/add-user', ADMIN_ONLY),
  page(
    'BaseManage.Base.User.Modify',
    'BaseManage.Base.User',
    2,
    '/baseManage/modify-user/:id/:userNo',
    ADMIN_ONLY,
  ),
  page('BaseManage.Base.User.Detail', 'BaseManage.Base.User', 3, '/baseManage/user-detail/:id', ADMIN_ONLY),
  route('BaseManage.Base.Role', 'BaseManage.Base', 2, '/baseManage/role', ADMIN_ONLY),
  page('BaseManage.Base.Role.Add', 'BaseManage.Base.Role', 1, '/baseManage/add-role', ADMIN_ONLY),
  page(
    'BaseManage.Base.Role.Modify',
    'BaseManage.Base.Role',
    2,
    '/baseManage/modify-role/:id/:roleNo',
    ADMIN_ONLY,
  ),
  route('BaseManage.Base.Staff', 'BaseManage.Base', 3, '/baseManage/staff', ADMIN_ONLY),
  route('BaseManage.Base.Menu', 'BaseManage.Base', 4, '/baseManage/menu', ADMIN_ONLY),

  group('BaseManage.Config', 'BaseManage', 2, 'ToolOutlined', ADMIN_ONLY),
  route('BaseManage.Config.Parameter', 'BaseManage.Config', 1, '/baseManage/parameter', ADMIN_ONLY),
  route('BaseManage.Config.Dictionary', 'BaseManage.Config', 2, '/baseManage/dictionary', ADMIN_ONLY),
  route('BaseManage.Config.FrameDefine', 'BaseManage.Config', 3, '/baseManage/frame-define', ADMIN_ONLY),
  page(
    'BaseManage.Config.FrameDefine.Add',
    'BaseManage.Config.FrameDefine',
    1,
    '/baseManage/add-frame-define',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.FrameDefine.Modify',
    'BaseManage.Config.FrameDefine',
    2,
    '/baseManage/modify-frame-define/:id',
    ADMIN_ONLY,
  ),
  route(
    'BaseManage.Config.TableManagement',
    'BaseManage.Config',
    4,
    '/baseManage/table-management',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.TableManagement.Modify',
    'BaseManage.Config.TableManagement',
    1,
    '/baseManage/modify-table-management/:id',
    ADMIN_ONLY,
  ),
  route(
    'BaseManage.Config.ExportTemplate',
    'BaseManage.Config',
    5,
    '/baseManage/export-template',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.ExportTemplate.Add',
    'BaseManage.Config.ExportTemplate',
    1,
    '/baseManage/add-export-template',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.ExportTemplate.Modify',
    'BaseManage.Config.ExportTemplate',
    2,
    '/baseManage/modify-export-template/:id',
    ADMIN_ONLY,
  ),
  route(
    'BaseManage.Config.ImportTemplate',
    'BaseManage.Config',
    6,
    '/baseManage/import-template',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.ImportTemplate.Add',
    'BaseManage.Config.ImportTemplate',
    1,
    '/baseManage/add-import-template',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.ImportTemplate.Modify',
    'BaseManage.Config.ImportTemplate',
    2,
    '/baseManage/modify-import-template/:id',
    ADMIN_ONLY,
  ),
  route(
    'BaseManage.Config.ApplicationClassification',
    'BaseManage.Config',
    7,
    '/baseManage/application-classification',
    ADMIN_ONLY,
  ),
  route(
    'BaseManage.Config.BusinessControl',
    'BaseManage.Config',
    8,
    '/baseManage/business-control',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.BusinessControl.Add',
    'BaseManage.Config.BusinessControl',
    1,
    '/baseManage/add-business-control',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.BusinessControl.Modify',
    'BaseManage.Config.BusinessControl',
    2,
    '/baseManage/modify-business-control/:id',
    ADMIN_ONLY,
  ),
  route('BaseManage.Config.AppVersion', 'BaseManage.Config', 9, '/baseManage/app-version', ADMIN_ONLY),
  page(
    'BaseManage.Config.AppVersion.Add',
    'BaseManage.Config.AppVersion',
    1,
    '/baseManage/add-app-version',
    ADMIN_ONLY,
  ),
  route('BaseManage.Config.DocNumber', 'BaseManage.Config', 10, '/baseManage/doc-number', ADMIN_ONLY),
  // Keys of the ERP and WMS on the integration API; revoking one is closing it.
  route('BaseManage.Config.ApiKey', 'BaseManage.Config', 11, '/baseManage/api-key', ADMIN_ONLY),
  page('BaseManage.Config.ApiKey.Add', 'BaseManage.Config.ApiKey', 1, '/baseManage/add-api-key', ADMIN_ONLY),
  page(
    'BaseManage.Config.ApiKey.Modify',
    'BaseManage.Config.ApiKey',
    2,
    '/baseManage/modify-api-key/:id',
    ADMIN_ONLY,
  ),
  // Every posting of a business event to a key's webhook: delivered, waiting or given up; resend.
  route('BaseManage.Config.WebhookLog', 'BaseManage.Config', 12, '/baseManage/webhook-log', ADMIN_ONLY),
  page(
    'BaseManage.Config.DocNumber.Add',
    'BaseManage.Config.DocNumber',
    1,
    '/baseManage/add-doc-number',
    ADMIN_ONLY,
  ),
  page(
    'BaseManage.Config.DocNumber.Modify',
    'BaseManage.Config.DocNumber',
    2,
    '/baseManage/modify-doc-number/:id',
    ADMIN_ONLY,
  ),

  group('BaseManage.Security', 'BaseManage', 3, 'SafetyCertificateOutlined', ADMIN_ONLY),
  route(
    'BaseManage.Security.PasswordPolicy',
    'BaseManage.Security',
    1,
    '/baseManage/password-policy',
    ADMIN_ONLY,
  ),
  route('BaseManage.Security.License', 'BaseManage.Security', 2, '/baseManage/license', ADMIN_ONLY),

  group('BaseManage.Monitor', 'BaseManage', 4, 'MonitorOutlined', ADMIN_ONLY),
  route('BaseManage.Monitor.ScheduledJob', 'BaseManage.Monitor', 1, '/baseManage/scheduled-job', ADMIN_ONLY),
  route('BaseManage.Monitor.AbnormalLog', 'BaseManage.Monitor', 2, '/baseManage/abnormal-log', ADMIN_ONLY),
  route('BaseManage.Monitor.OperationLog', 'BaseManage.Monitor', 3, '/baseManage/operation-log', ADMIN_ONLY),
  route('BaseManage.Monitor.Cache', 'BaseManage.Monitor', 4, '/baseManage/cache', ADMIN_ONLY),

  // ---- Links out: one external address and one custom entry, so both menu kinds are seeded ----------
  // Their addresses are the installation's (the menu screen): seeded empty, and an entry without an
  // address is shown to no one. The warehouse system's address takes placeholders, for example
  // https://wms.example.com/#/dashboard?orgNo={orgNo}&warehouseNo={warehouseNo}&tenantsid={tenantsid};
  // the report centre's is custom:IReportCenterService/getReportUrl with REPORT_CENTER_URL set.
  group('Index.Link', '0', 11, 'LinkOutlined', { buyer: VIEW }),
  {
    menuNo: 'Index.Link.Wms',
    owner: 'Index.Link',
    path: '',
    menuType: 'external',
    appNo: 'PC',
    sort: 1,
    roles: { buyer: VIEW },
  },
  {
    menuNo: 'Index.Link.Report',
    owner: 'Index.Link',
    path: '',
    menuType: 'custom',
    appNo: 'PC',
    sort: 2,
    roles: ADMIN_ONLY,
  },

  // ---- Personal centre (/setting), opened from the avatar menu rather than the side menu -------------
  {
    ...page('Setting.Personal.Center', '0', 12, '/setting/user-info', {
      buyer: MODIFY_PAGE,
      supplier: MODIFY_PAGE,
    }),
    icon: 'UserOutlined',
  },
  page('Setting.Personal.Password', 'Setting.Personal.Center', 1, '/setting/password', {
    buyer: MODIFY_PAGE,
    supplier: MODIFY_PAGE,
  }),

  // ---- PDA application: warehouse work on the handheld -----------------------------------------------
  pda(group('Pda.Inbound', '0', 1, 'ImportOutlined', ADMIN_ONLY)),
  pda(route('Pda.Inbound.Receiving', 'Pda.Inbound', 1, '/pda/receiving', ADMIN_ONLY)),
  pda(route('Pda.Inbound.Putaway', 'Pda.Inbound', 2, '/pda/putaway', ADMIN_ONLY)),
  pda(group('Pda.Outbound', '0', 2, 'ExportOutlined', ADMIN_ONLY)),
  pda(route('Pda.Outbound.Picking', 'Pda.Outbound', 1, '/pda/picking', ADMIN_ONLY)),
  pda(group('Pda.Inventory', '0', 3, 'InboxOutlined', { buyer: VIEW })),
  pda(route('Pda.Inventory.StockQuery', 'Pda.Inventory', 1, '/pda/stock-query', { buyer: VIEW })),
  pda(route('Pda.Inventory.Count', 'Pda.Inventory', 2, '/pda/stock-count', ADMIN_ONLY)),
  pda(route('Pda.Inventory.Move', 'Pda.Inventory', 3, '/pda/stock-move', ADMIN_ONLY)),

  // ---- Menus written by npm run new:screen -- --menu-entry (data: screen-menus.json) -----------------
  ...screenMenuSeeds(),
];
