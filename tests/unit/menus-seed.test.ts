// The seeded menu tree: structure, coverage of both specs' routes, role flags and four-language titles.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Icons from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { BASE_MENU_FLAGS, isBaseFlag, isFlagName } from '../../engine/core/flags';
import { MENUS, type MenuFlag, type MenuSeed, menuOffers } from '../../services/seed/menus';

const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;
const locale = (lang: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../locales/${lang}.json`, import.meta.url)), 'utf8'),
  ) as Record<string, string>;

const byNo = new Map(MENUS.map((m) => [m.menuNo, m]));
const get = (menuNo: string): MenuSeed => {
  const menu = byNo.get(menuNo);
  if (!menu) throw new Error(`no menu ${menuNo}`);
  return menu;
};
const children = (menuNo: string) => MENUS.filter((m) => m.owner === menuNo);
const root = (menu: MenuSeed): string => (menu.owner === '0' ? menu.menuNo : root(get(menu.owner)));
const routes = MENUS.filter((m) => m.menuType === 'route');
const ROLES = ['buyer', 'supplier'] as const;
const flagsOf = (menu: MenuSeed, role: (typeof ROLES)[number]): MenuFlag[] => menu.roles[role] ?? [];

/** The first visible route reached by always taking the first visible child: where a group redirects. */
const landing = (menuNo: string): string => {
  const menu = get(menuNo);
  if (menu.menuType === 'route') return menu.menuNo;
  const first = children(menuNo)
    .filter((m) => !m.hidden)
    .sort((a, b) => a.sort - b.sort)[0];
  if (!first) throw new Error(`${menuNo} has no visible child`);
  return landing(first.menuNo);
};

// Spec 000 section 2, route table: name and absolute path (children of orderCollaboration live under it).
const SPEC_000_ROUTES: [string, string][] = [
  ['ReceiptTracking.Acceptance.Details', '/receipt-tracking/acceptance-details'],
  ['ReceiptTracking.Rejection.Details', '/receipt-tracking/rejection-details'],
  ['ReceiptTracking.Return.Details', '/receipt-tracking/return-details'],
  ['ReceiptTracking.Warehousing.Details', '/receipt-tracking/warehousing-details'],
  ['Offsite.Outsourced.Order', '/orderCollaboration/outsourced-order-query'],
  ['Offsite.User.Order', '/orderCollaboration/userOrder'],
  ['Offsite.User.Order.Acceptance', '/orderCollaboration/userOrder/acceptance'],
  ['Offsite.User.Order.Acceptance.Change', '/orderCollaboration/userOrder/acceptance-change'],
  ['Offsite.User.Order.Acceptance.DateChange', '/orderCollaboration/userOrder/date-change'],
];

// Every path spec 001 section 2 (and spec 000's hidden routes) names for a logged-in menu route.
const SPEC_PATHS = [
  '/dashboard',
  '/newsnotice-list',
  '/newsnotice-list-detail',
  '/myschedule-list',
  '/setting/user-info',
  '/setting/password',
  '/base/organizational',
  '/base/add-organizational',
  '/base/modify-organizational/:id',
  '/base/add-supplier',
  '/base/modify-supplier/:id',
  '/base/add-address',
  '/base/modify-address/:id',
  '/baseManage/user',
  '/baseManage/add-user',
  '/baseManage/modify-user/:id/:userNo',
  '/baseManage/role',
  '/baseManage/add-role',
  '/baseManage/modify-role/:id/:roleNo',
  '/deliverySchedule/replySchedule',
  '/deliverySchedule/scheduleKanban',
  '/delivery/address',
  '/delivery/add-address',
  '/delivery/modify-address',
  '/delivery/orderTracking',
  '/delivery/receivingDetails',
  '/delivery/asnTracking',
  '/delivery/addAsn',
  '/delivery/addAsn/add',
  '/delivery/label-print',
  '/delivery/split-label-print',
  '/inventorySynergy/vmi/query',
  '/inventorySynergy/vmi/inventory-difference',
  '/inventorySynergy/vmi/inventory-difference/detail',
  '/inventorySynergy/escrow/warehouse-diff',
  '/inventorySynergy/escrow/warehouse-query',
  '/reconciliation-invoicing/deduction-manage',
  '/reconciliation-invoicing/deduction-manage/handle/:id',
  '/reconciliation-invoicing/pool',
  '/reconciliation-invoicing/management',
  '/reconciliation-invoicing/management/add',
  '/reconciliation-invoicing/management/invoicing',
  '/reconciliation-invoicing/management/generate',
  '/reconciliation-invoicing/management/enter',
];

const FAVOURITES = [
  'Base.Basic.Organizational',
  'Base.Basic.Warehouse',
  'Base.Material.Material',
  'Base.Material.Cell',
];
/** Areas no supplier user may see: base data and system administration. */
const ADMIN_AREAS = ['Base', 'BaseManage'];

describe('menu tree structure', () => {
  it('has unique menu numbers', () => {
    const seen = new Set<string>();
    const dupes = MENUS.map((m) => m.menuNo).filter((n) => seen.has(n) || !seen.add(n));
    expect(dupes).toEqual([]);
  });

  it('lists every owner before its children, and owners are groups or routes of the same app', () => {
    const seen = new Map<string, MenuSeed>();
    for (const menu of MENUS) {
      if (menu.owner !== '0') {
        const owner = seen.get(menu.owner);
        expect(owner, `${menu.menuNo}: owner ${menu.owner} missing or listed after it`).toBeDefined();
        expect(['group', 'route'], `${menu.menuNo}: owner is ${owner?.menuType}`).toContain(owner?.menuType);
        expect(owner?.appNo, menu.menuNo).toBe(menu.appNo);
      }
      seen.set(menu.menuNo, menu);
    }
  });

  it('gives route menus unique absolute paths and groups an empty path', () => {
    for (const m of routes) expect(m.path, m.menuNo).toMatch(/^\/[A-Za-z0-9/:_-]*$/);
    for (const m of MENUS.filter((x) => x.menuType === 'group')) expect(m.path, m.menuNo).toBe('');
    const seen = new Set<string>();
    const dupes = routes.map((m) => m.path).filter((p) => seen.has(p) || !seen.add(p));
    expect(dupes).toEqual([]);
  });

  it('seeds external and custom menus without an address: the installation sets it on the menu screen', () => {
    const external = MENUS.filter((m) => m.menuType === 'external');
    const custom = MENUS.filter((m) => m.menuType === 'custom');
    expect(external.length).toBeGreaterThan(0);
    expect(custom.length).toBeGreaterThan(0);
    // A demo address would point at nothing (a local port, an empty page): no address, not shown.
    for (const m of [...external, ...custom]) expect(m.path, m.menuNo).toBe('');
  });

  it('hides only routes, never a group, and every group has a visible child', () => {
    for (const m of MENUS.filter((x) => x.hidden)) expect(m.menuType, m.menuNo).toBe('route');
    for (const m of MENUS.filter((x) => x.menuType === 'group')) {
      expect(children(m.menuNo).filter((c) => !c.hidden).length, m.menuNo).toBeGreaterThan(0);
    }
  });

  it('keeps sort orders unique among siblings', () => {
    const owners = new Set(MENUS.map((m) => `${m.appNo}:${m.owner}`));
    for (const key of owners) {
      const sorts = MENUS.filter((m) => `${m.appNo}:${m.owner}` === key).map((m) => m.sort);
      expect(new Set(sorts).size, `siblings under ${key}`).toBe(sorts.length);
    }
  });

  it('gives top-level menus and groups an icon that @ant-design/icons exports', () => {
    const needIcon = MENUS.filter((m) => m.owner === '0' || m.menuType === 'group');
    for (const m of needIcon) expect(m.icon, m.menuNo).toBeTruthy();
    for (const m of MENUS.filter((x) => x.icon)) expect(Object.keys(Icons), m.menuNo).toContain(m.icon);
  });

  it('has a PDA menu set besides the PC tree', () => {
    const pda = MENUS.filter((m) => m.appNo === 'PDA' && m.menuType === 'route');
    expect(pda.length).toBeGreaterThanOrEqual(3);
    expect(MENUS.filter((m) => m.appNo === 'PC').length).toBeGreaterThan(pda.length);
  });
});

describe('coverage of the specs', () => {
  it.each(SPEC_000_ROUTES)('has spec 000 route %s at %s', (menuNo, path) => {
    expect(get(menuNo).path).toBe(path);
    expect(get(menuNo).menuType).toBe('route');
  });

  it('nests the order pages as spec 000 says', () => {
    expect(get('Offsite.Outsourced.Order').owner).toBe('Offsite.Order.Collaboration');
    expect(get('Offsite.User.Order.Acceptance').owner).toBe('Offsite.User.Order');
    expect(get('Offsite.User.Order.Acceptance.Change').owner).toBe('Offsite.User.Order.Acceptance');
    expect(get('Offsite.User.Order.Acceptance.DateChange').owner).toBe('Offsite.User.Order.Acceptance');
  });

  it('has a route for every path both specs name', () => {
    const paths = new Set(routes.map((m) => m.path));
    expect(SPEC_PATHS.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('has the spec 001 route names at their paths', () => {
    expect(get('Base.Basic.Organizational').path).toBe('/base/organizational');
    expect(get('BaseManage.Base.User').path).toBe('/baseManage/user');
    expect(get('Offsite.Schedule.ReplySchedule').path).toBe('/deliverySchedule/replySchedule');
    expect(get('Offsite.Schedule.Kanban').path).toBe('/deliverySchedule/scheduleKanban');
    expect(get('Offsite.Schedule.Setting').menuType).toBe('group');
  });

  it('hangs add and modify pages under their list, hidden', () => {
    for (const [list, pages] of [
      ['Base.Basic.Organizational', ['/base/add-organizational', '/base/modify-organizational/:id']],
      ['Base.Basic.Supplier', ['/base/add-supplier', '/base/modify-supplier/:id']],
      ['Base.Basic.Address', ['/base/add-address', '/base/modify-address/:id']],
      ['BaseManage.Base.User', ['/baseManage/add-user', '/baseManage/modify-user/:id/:userNo']],
      ['BaseManage.Base.Role', ['/baseManage/add-role', '/baseManage/modify-role/:id/:roleNo']],
    ] as const) {
      for (const path of pages) {
        const menu = routes.find((m) => m.path === path);
        expect(menu?.owner, path).toBe(list);
        expect(menu?.hidden, path).toBe(true);
      }
      expect(get(list).hidden, list).toBeFalsy();
    }
  });

  it('lands each spec group on the page the spec redirects it to', () => {
    expect(landing('Base')).toBe('Base.Basic.Organizational');
    expect(landing('BaseManage')).toBe('BaseManage.Base.User');
    expect(landing('Offsite.Order.Collaboration')).toBe('Offsite.Outsourced.Order');
    expect(landing('Offsite.Schedule.Setting')).toBe('Offsite.Announcement.News');
    expect(landing('ReceiptTracking')).toBe('ReceiptTracking.Acceptance.Details');
    expect(landing('Offsite.Inventory.Synergy')).toBe('Offsite.Vmi.Query');
    expect(get(landing('Offsite.Delivery.Collaboration')).path).toBe('/delivery/address');
  });

  it('has the fixed favourite menus as visible routes', () => {
    for (const no of FAVOURITES) {
      expect(get(no).menuType, no).toBe('route');
      expect(get(no).hidden, no).toBeFalsy();
      expect(get(no).appNo, no).toBe('PC');
    }
  });

  it('puts the hidden spec routes out of the side menu', () => {
    for (const path of ['/newsnotice-list', '/newsnotice-list-detail', '/myschedule-list']) {
      expect(routes.find((m) => m.path === path)?.hidden, path).toBe(true);
    }
  });
});

describe('role flags', () => {
  it('never lists a flag twice, and every granted menu includes isSearch', () => {
    for (const m of MENUS) {
      for (const role of ROLES) {
        const flags = flagsOf(m, role);
        expect(new Set(flags).size, `${m.menuNo} ${role}`).toBe(flags.length);
        if (flags.length > 0) expect(flags, `${m.menuNo} ${role}`).toContain('isSearch');
      }
    }
  });

  it('grants a group exactly isSearch when, and only when, a child grants the role something', () => {
    for (const g of MENUS.filter((m) => m.menuType === 'group')) {
      for (const role of ROLES) {
        const anyChild = children(g.menuNo).some((c) => flagsOf(c, role).length > 0);
        expect(flagsOf(g, role), `${g.menuNo} ${role}`).toEqual(anyChild ? ['isSearch'] : []);
      }
    }
  });

  it('grants nothing under an owner the role cannot open', () => {
    for (const m of MENUS.filter((x) => x.owner !== '0')) {
      for (const role of ROLES) {
        if (flagsOf(m, role).length > 0) {
          expect(flagsOf(get(m.owner), role), `${m.menuNo} ${role}: owner ${m.owner}`).toContain('isSearch');
        }
      }
    }
  });

  it('gives supplier users no base-data or system menu at all', () => {
    const leaks = MENUS.filter(
      (m) => ADMIN_AREAS.includes(root(m)) || /^(Base|BaseManage)(\.|$)/.test(m.menuNo),
    )
      .filter((m) => flagsOf(m, 'supplier').length > 0)
      .map((m) => m.menuNo);
    expect(leaks).toEqual([]);
    // The areas are not empty: the check above covers real menus.
    expect(MENUS.filter((m) => root(m) === 'BaseManage').length).toBeGreaterThan(20);
  });

  it('gives the buyer base data to view and export only, and no system administration', () => {
    for (const m of MENUS.filter((x) => root(x) === 'Base')) {
      for (const flag of flagsOf(m, 'buyer')) expect(['isSearch', 'isExport'], m.menuNo).toContain(flag);
    }
    expect(flagsOf(get('Base.Basic.Organizational'), 'buyer')).toEqual(['isSearch', 'isExport']);
    const system = MENUS.filter((m) => root(m) === 'BaseManage' && flagsOf(m, 'buyer').length > 0);
    expect(system.map((m) => m.menuNo)).toEqual([]);
  });

  it('lets suppliers work their side of the business', () => {
    expect(flagsOf(get('Index.Dashboard'), 'supplier')).toContain('isSearch');
    expect(flagsOf(get('Offsite.User.Order'), 'supplier')).toContain('isSearch');
    expect(flagsOf(get('Offsite.User.Order.Acceptance'), 'supplier')).toContain('isSubmit');
    expect(flagsOf(get('Offsite.Schedule.ReplySchedule'), 'supplier')).toContain('isSubmit');
    expect(flagsOf(get('Offsite.Delivery.OrderDelivery'), 'supplier')).toContain('isAdd');
    expect(flagsOf(get('Offsite.Delivery.LabelPrint'), 'supplier')).toContain('isPrint');
    expect(flagsOf(get('Offsite.Reconciliation.Bill'), 'supplier')).toContain('isCheck');
    expect(flagsOf(get('Offsite.Reconciliation.Management'), 'supplier')).toContain('isAdd');
    expect(flagsOf(get('Offsite.Reconciliation.DeductionManage.Handle'), 'supplier')).toContain('isCheck');
    expect(flagsOf(get('Offsite.Vmi.Query'), 'supplier')).toContain('isSearch');
    expect(flagsOf(get('Setting.Personal.Password'), 'supplier')).toContain('isModify');
  });

  it('keeps purchaser-only and supplier-only actions on their side', () => {
    // Purchaser only: approve deliveries, deductions and invoicing; publish schedules.
    expect(flagsOf(get('Offsite.Delivery.AsnList'), 'buyer')).toContain('isCheck');
    expect(flagsOf(get('Offsite.Delivery.AsnList'), 'supplier')).toEqual([]);
    expect(flagsOf(get('Offsite.Reconciliation.DeductionManage'), 'buyer')).toContain('isCheck');
    expect(flagsOf(get('Offsite.Reconciliation.DeductionManage'), 'supplier')).not.toContain('isCheck');
    expect(flagsOf(get('Offsite.Reconciliation.Management'), 'buyer')).toContain('isCheck');
    expect(flagsOf(get('Offsite.Reconciliation.Management'), 'supplier')).not.toContain('isCheck');
    expect(flagsOf(get('Offsite.Schedule.PurchasePlan'), 'buyer')).toContain('isSubmit');
    expect(flagsOf(get('Offsite.Schedule.PurchasePlan'), 'supplier')).not.toContain('isSubmit');
    // Supplier only: accept orders and create ASNs.
    expect(flagsOf(get('Offsite.User.Order.Acceptance'), 'buyer')).not.toContain('isSubmit');
    expect(flagsOf(get('Offsite.Delivery.OrderDelivery'), 'buyer')).toEqual([]);
  });
});

describe('flags the menus offer', () => {
  it('offers the 16 base flags everywhere, and other flags only where a menu names them', () => {
    for (const m of MENUS) {
      const extra = m.extraFlags ?? [];
      expect(new Set(extra).size, m.menuNo).toBe(extra.length);
      for (const f of extra) {
        expect(isFlagName(f), `${m.menuNo} ${f}`).toBe(true);
        expect(isBaseFlag(f), `${m.menuNo} ${f} is a base flag`).toBe(false);
      }
      expect(menuOffers(m), m.menuNo).toEqual(expect.arrayContaining([...BASE_MENU_FLAGS]));
      expect(menuOffers(m), m.menuNo).toHaveLength(BASE_MENU_FLAGS.length + extra.length);
    }
    expect(menuOffers(get('Offsite.Delivery.AsnList'))).toEqual(
      expect.arrayContaining(['isApprove', 'isReject']),
    );
    expect(menuOffers(get('Offsite.Schedule.Kanban'))).toEqual(
      expect.arrayContaining(['isViewPo', 'isChangeRecord', 'isSendWarning']),
    );
    expect(get('Base.Basic.Organizational').extraFlags).toBeUndefined();
  });

  it('grants the roles only flags their menu offers', () => {
    for (const m of MENUS) {
      for (const role of ROLES) {
        const notOffered = flagsOf(m, role).filter((f) => !menuOffers(m).includes(f));
        expect(notOffered, `${m.menuNo} ${role}`).toEqual([]);
      }
    }
  });
});

describe('menu titles', () => {
  const files = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang)]));

  it('has a menu.<menuNo> title in all four languages', () => {
    const missing = MENUS.flatMap((m) =>
      LANGUAGES.filter((lang) => !files[lang][`menu.${m.menuNo}`]?.trim()).map(
        (lang) => `${lang} menu.${m.menuNo}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('translates the titles rather than copying the English', () => {
    for (const m of MENUS) {
      const en = files['en-US'][`menu.${m.menuNo}`];
      for (const lang of ['zh-CN', 'zh-TW', 'vi'] as const) {
        expect(files[lang][`menu.${m.menuNo}`], `${lang} menu.${m.menuNo}`).not.toBe(en);
      }
      expect(files['zh-CN'][`menu.${m.menuNo}`], m.menuNo).toMatch(/[\u4e00-\u9fff]/);
      expect(files['zh-TW'][`menu.${m.menuNo}`], m.menuNo).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('writes zh-CN in simplified and zh-TW in traditional characters', () => {
    // Characters whose simplified and traditional forms differ, as [simplified, traditional].
    const pairs = [
      '协協',
      '单單',
      '货貨',
      '库庫',
      '码碼',
      '户戶',
      '统統',
      '据據',
      '务務',
      '发發',
      '验驗',
      '录錄',
      '导導',
      '签簽',
      '细細',
      '计計',
      '购購',
      '预預',
      '询詢',
      '报報',
      '链鏈',
      '缓緩',
      '类類',
      '换換',
      '组組',
      '仓倉',
      '储儲',
      '条條',
      '权權',
      '员員',
      '态態',
      '处處',
      '确確',
      '变變',
      '详詳',
      '账賬',
      '规規',
      '开開',
      '区區',
      '标標',
      '监監',
      '个個',
      '数數',
      '应應',
    ];
    for (const m of MENUS) {
      const cn = files['zh-CN'][`menu.${m.menuNo}`] ?? '';
      const tw = files['zh-TW'][`menu.${m.menuNo}`] ?? '';
      for (const [simplified, traditional] of pairs) {
        expect(cn.includes(traditional), `zh-CN menu.${m.menuNo} has ${traditional}`).toBe(false);
        expect(tw.includes(simplified), `zh-TW menu.${m.menuNo} has ${simplified}`).toBe(false);
      }
    }
  });
});
