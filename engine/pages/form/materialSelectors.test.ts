// The material selectors as the real screens declare them, through the form controller: on the cell
// form the warehouse waits for the organisation and the zone for the warehouse, each cleared when what
// it depends on changes (organisation → warehouse → zone in a chain) and all disabled on the modify
// page; the item picker depends on the organisation; a unit conversion quantity of 0 is refused with
// the spec's message; a supplier's user starts at its own supplier. The definitions: page sizes, the
// valid-only condition, the parent each lookup is sent.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createForm, type Field as FormilyField } from '@formily/core';
import { Schema } from '@formily/json-schema';
import { describe, expect, it, vi } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { selectors } from '../../selectors/definitions';
import { lookupBody } from '../../selectors/selectorController';
import { searchSchema } from '../list/searchSchema';
import { createFormController } from './formController';
import { mountFields } from './testing';

const screen = (file: string) => {
  const path = fileURLToPath(new URL(`../../../screens/${file}`, import.meta.url));
  return normaliseScreen(assertScreen(JSON.parse(readFileSync(path, 'utf8')), file), file);
};
const t = (key: string, params?: Record<string, unknown>) => (params?.label ? `${key}:${params.label}` : key);

function setup(file: string, record: Record<string, unknown> = {}, session: Record<string, unknown> = {}) {
  const request = vi.fn(
    async (_call: string, _body?: unknown): Promise<unknown> => ({ id: 'r1', version: 1, ...record }),
  );
  const modify = file.includes('modify-');
  const c = createFormController(
    screen(file),
    {
      request: request as never,
      navigate: vi.fn(),
      confirm: vi.fn(),
      success: vi.fn(),
      t,
      session: { orgNo: 'SH01', orgNos: ['HN01', 'SH01'], ...session },
    },
    modify ? { id: 'r1' } : {},
  );
  const field = mountFields(c);
  return { c, field, request };
}

describe('the cell form: organisation → warehouse → zone', () => {
  it('enables each selector once what it depends on has a value', async () => {
    const { field } = setup('base/add-cell.json');
    expect(field('orgNo').value).toBe('SH01');
    expect(field('warehouseNo').disabled).toBe(false);
    expect(field('zoneNo').disabled).toBe(true);
    expect(field('zoneNo').componentProps.selector).toEqual({
      name: 'zone',
      dependsOn: 'warehouseNo',
      multiple: false,
      lockOnEdit: true,
    });
    await field('warehouseNo').onInput('SH01-RM');
    expect(field('zoneNo').disabled).toBe(false);
  });

  it('clears the zone when the warehouse changes, and both when the organisation changes', async () => {
    const { field } = setup('base/add-cell.json');
    await field('warehouseNo').onInput('SH01-RM');
    await field('zoneNo').onInput('A');
    await field('warehouseNo').onInput('SH01-FG');
    expect(field('zoneNo').value).toBeUndefined();
    await field('zoneNo').onInput('F1');
    await field('orgNo').onInput('HN01');
    expect(field('warehouseNo').value).toBeUndefined();
    expect(field('zoneNo').value).toBeUndefined();
    expect(field('zoneNo').disabled).toBe(true);
  });

  it('on the modify page the loaded chain stays and every selector is disabled', async () => {
    const { c, field } = setup('base/modify-cell.json', {
      orgNo: 'SH01',
      warehouseNo: 'SH01-RM',
      zoneNo: 'B',
      cellNo: 'B-01-01',
    });
    await c.load();
    expect([field('orgNo').value, field('warehouseNo').value, field('zoneNo').value]).toEqual([
      'SH01',
      'SH01-RM',
      'B',
    ]);
    for (const name of ['orgNo', 'warehouseNo', 'zoneNo']) expect(field(name).disabled, name).toBe(true);
  });
});

describe('other material forms', () => {
  it('the item picker waits for the organisation and is cleared with it', async () => {
    const { field } = setup('base/add-supplier-item.json');
    expect(field('itemNo').componentProps.selector).toEqual({
      name: 'item',
      dependsOn: 'orgNo',
      multiple: false,
      lockOnEdit: true,
    });
    await field('itemNo').onInput('M-1001');
    await field('orgNo').onInput(undefined);
    expect(field('itemNo').value).toBeUndefined();
    expect(field('itemNo').disabled).toBe(true);
  });

  it('refuses a conversion quantity of 0 with the spec’s message', async () => {
    const { c, field, request } = setup('base/add-unit-conversion.json');
    await field('fromUnitNo').onInput('BOX');
    await field('toUnitNo').onInput('PCS');
    await field('fromUnitPt').onInput(1);
    await field('toUnitPt').onInput(0);
    expect(await c.save()).toBe(false);
    expect(field('toUnitPt').selfErrors).toContain('validation.unitConversionZero:field.toUnitPt');
    expect(request).not.toHaveBeenCalled();
    await field('toUnitPt').onInput(24);
    expect(await c.save()).toBe(true);
  });

  it("starts a supplier user's delivery address at its own supplier", () => {
    expect(setup('delivery/add-address.json', {}, { supplierNo: 'SUP001' }).field('supplierNo').value).toBe(
      'SUP001',
    );
    expect(setup('delivery/add-address.json').field('supplierNo').value).toBeUndefined();
  });
});

describe('material selector definitions', () => {
  it('page sizes: 10, and 20 for the item picker; valid records only', () => {
    for (const name of ['zone', 'cell', 'badCell', 'customer', 'unit', 'category', 'itemGroup'])
      expect(selectors.get(name).pageSize, name).toBe(10);
    expect(selectors.get('item').pageSize).toBe(20);
    for (const name of ['zone', 'cell', 'customer', 'unit', 'item', 'category', 'itemGroup'])
      expect(selectors.get(name).extra, name).toEqual({ statusCode: '1' });
  });

  it('zones and cells are looked up by warehouse, the rest by organisation', () => {
    expect(lookupBody(selectors.get('zone'), 1, '', 'SH01-RM')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', warehouseNo: 'SH01-RM' },
    });
    expect(lookupBody(selectors.get('badCell'), 1, 'DMG', 'SH01-RM')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', isBadCell: '1', keyword: 'DMG', warehouseNo: 'SH01-RM' },
    });
    expect(lookupBody(selectors.get('item'), 2, 'bolt', 'SH01')).toEqual({
      current: 2,
      size: 20,
      condition: { statusCode: '1', keyword: 'bolt', orgNo: 'SH01' },
    });
    for (const name of ['customer', 'unit', 'category', 'itemGroup'])
      expect(selectors.get(name).parentKey, name).toBe('orgNo');
  });
});

describe('the cell list’s advanced search: warehouse → zone', () => {
  function searchForm() {
    const list = screen('base/cell.json').list!;
    const form = createForm();
    new Schema(searchSchema(list.searchFields, t)).mapProperties((grid, gridName) => {
      form.createVoidField({ name: gridName });
      grid.mapProperties((field, name) => {
        form.createField({ ...field.toFieldProps(), name, basePath: gridName });
      });
    });
    const field = (name: string) => form.query(name).take() as FormilyField;
    return { form, field };
  }

  it('disables the zone until a warehouse is chosen and clears it when the warehouse changes', async () => {
    const { field } = searchForm();
    expect(field('zoneNo').disabled).toBe(true);
    expect(field('zoneNo').componentProps.selector).toEqual({
      name: 'zone',
      dependsOn: 'warehouseNo',
      multiple: false,
      lockOnEdit: true,
    });
    await field('warehouseNo').onInput('SH01-RM');
    expect(field('zoneNo').disabled).toBe(false);
    await field('zoneNo').onInput('A');
    await field('warehouseNo').onInput('SH01-FG');
    expect(field('zoneNo').value).toBeUndefined();
  });

  it('keeps a zone set together with its warehouse (a saved tag)', () => {
    const { form, field } = searchForm();
    form.setValues({ warehouseNo: 'SH01-RM', zoneNo: 'B' }, 'overwrite');
    expect(field('zoneNo').value).toBe('B');
    expect(field('zoneNo').disabled).toBe(false);
  });
});
