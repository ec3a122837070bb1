// The frame-define admin forms (screens/baseManage/add- and modify-frame-define.json) through the real
// form controller: the name in every language, the fields that depend on the field type, and what is sent.
import { describe, expect, it, vi } from 'vitest';
import addScreen from '../../../screens/baseManage/add-frame-define.json';
import modifyScreen from '../../../screens/baseManage/modify-frame-define.json';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields } from './testing';

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

const stored = {
  id: '7b0c1c4e-0000-4000-8000-000000000001',
  version: 3,
  module: 'Base.Basic.Organizational',
  fieldNo: 'deadline',
  fieldNoName: { 'en-US': 'Deadline', 'zh-CN': '截止日期', 'zh-TW': '截止日期', vi: 'Hạn chót' },
  fieldType: 3,
  isDisplay: 'Y',
  displayPage: '123',
  displayOrder: 100,
  dateFormat: 'yyyy-MM-dd',
  enumMid: null,
  dropDownDataSource: null,
  fixedMatchingCondition: null,
};

function setup(mode: 'add' | 'modify') {
  const json = mode === 'add' ? addScreen : modifyScreen;
  const screen = normaliseScreen(assertScreen(structuredClone(json), 'fd.json'), 'fd.json');
  const request = vi.fn(async (_call: string, _payload?: unknown): Promise<unknown> => stored);
  const deps = { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t };
  const c = createFormController(screen, deps, { id: mode === 'modify' ? stored.id : undefined });
  const field = mountFields(c);
  return { c, request, field };
}

describe('frame-define forms', () => {
  it('wants the name in every language', async () => {
    const { field } = setup('add');
    await field('fieldNoName').onInput({ 'en-US': 'Deadline', 'zh-CN': '截止日期' });
    await field('fieldNoName').onBlur();
    expect(field('fieldNoName').selfErrors).toEqual([
      'validation.allLanguages {"label":"field.fieldNoName"}',
    ]);
    await field('fieldNoName').onInput({ ...stored.fieldNoName, vi: '  ' });
    await field('fieldNoName').onBlur();
    expect(field('fieldNoName').selfErrors).toHaveLength(1);
    await field('fieldNoName').onInput(stored.fieldNoName);
    await field('fieldNoName').onBlur();
    expect(field('fieldNoName').selfErrors).toEqual([]);
  });

  it('shows the date format only for dates and the dictionary and data source only for dropdowns', async () => {
    const { field } = setup('add');
    expect(field('fieldType').value).toBe('1');
    expect(field('dateFormat').visible).toBe(false);
    expect(field('enumMid').visible).toBe(false);
    await field('fieldType').onInput('3');
    expect(field('dateFormat').visible).toBe(true);
    expect(field('dropDownDataSource').visible).toBe(false);
    await field('fieldType').onInput('4');
    expect(field('dateFormat').visible).toBe(false);
    expect(field('enumMid').visible).toBe(true);
    expect(field('dropDownDataSource').visible).toBe(true);
  });

  it("offers displayPage as the spec's five places only, so no other digit can be chosen", () => {
    const { field } = setup('add');
    const offered = (field('displayPage').dataSource ?? []).map((o) => o.value);
    expect(offered).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sends the fields of the chosen type and null for the hidden ones', async () => {
    const { c, field, request } = setup('add');
    await field('module').onInput('Base.Basic.Organizational');
    await field('fieldNo').onInput('grade');
    await field('fieldNoName').onInput({ 'en-US': 'Grade', 'zh-CN': '等级', 'zh-TW': '等級', vi: 'Hạng' });
    await field('fieldType').onInput('4');
    await field('enumMid').onInput('ASN_STATUS');
    await field('displayPage').onInput('123');
    expect(await c.save()).toBe(true);
    expect(request).toHaveBeenCalledWith(
      'ISysFrameDefineService/addSysFrameDefine',
      expect.objectContaining({
        module: 'Base.Basic.Organizational',
        fieldNo: 'grade',
        fieldType: '4',
        enumMid: 'ASN_STATUS',
        dateFormat: null,
        isDisplay: 'Y',
        displayOrder: 0,
      }),
      expect.anything(),
    );
  });

  it('loads a definition for modify: its type selected, the names per language, module and code locked', async () => {
    const { c, field, request } = setup('modify');
    await c.load();
    expect(field('fieldType').value).toBe('3');
    expect(field('fieldNoName').value).toEqual(stored.fieldNoName);
    expect(field('dateFormat').visible).toBe(true);
    expect(field('fieldNo').pattern).toBe('disabled');
    await field('isDisplay').onInput('N');
    expect(await c.save()).toBe(true);
    const [, body] = request.mock.calls.find(
      ([call]) => call === 'ISysFrameDefineService/updateSysFrameDefine',
    )!;
    expect(body).toMatchObject({ id: stored.id, version: 3, isDisplay: 'N', fieldType: '3' });
    expect(body).not.toHaveProperty('fieldNo');
    expect(body).not.toHaveProperty('module');
  });
});
