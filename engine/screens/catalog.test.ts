import { describe, expect, it } from 'vitest';
import { screenRoutes } from './catalog';
import { loadScreen } from './load';
import { screenMetas } from './meta';

describe('screen catalog', () => {
  it('lists every screen file with its route metadata only', () => {
    const org = screenRoutes.find((r) => r.path === '/base/organizational');
    expect(org).toEqual({
      path: '/base/organizational',
      name: 'Base.Basic.Organizational',
      menuNo: 'Base.Basic.Organizational',
      titleKey: 'title.base.organizational',
      parentPath: undefined,
    });
    const modify = screenRoutes.find((r) => r.name === 'Base.Basic.ModifyOrganizational');
    expect(modify?.path).toBe('/base/modify-organizational/:id');
    expect(modify?.parentPath).toBe('/base/organizational');
    const meta = screenMetas.find((m) => m.file === 'screens/base/organizational.json')?.meta;
    expect(meta && Object.keys(meta).sort()).toEqual([
      'kind',
      'menuNo',
      'name',
      'path',
      'service',
      'titleKey',
    ]);
  });

  it('loads, validates and normalises a screen by route path', async () => {
    const screen = await loadScreen('/base/organizational');
    expect(screen.file).toBe('screens/base/organizational.json');
    expect(screen.calls.list).toBe('IBmOrgService/getbmorglistbyparams');
    expect(screen.list?.columns.map((c) => c.prop)).toContain('updateDate');
    expect(await loadScreen('/base/organizational')).toBe(screen);
  });

  it('rejects an unknown path', async () => {
    await expect(loadScreen('/nowhere')).rejects.toThrow(/no screen has path \/nowhere/);
  });
});
