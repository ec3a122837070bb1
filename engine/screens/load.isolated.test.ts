import { beforeEach, describe, expect, it, vi } from 'vitest';

// A plain stub rather than vi.fn(): the request layer is replaced by whatever `answer` gives.
let answer: (call: string, body: unknown) => Promise<unknown> = () => Promise.resolve([]);
const calls: unknown[][] = [];
vi.mock('../request', () => ({
  request: (...args: unknown[]) => {
    calls.push(args);
    return answer(args[0] as string, args[1]);
  },
}));

const { loadScreen, reloadScreenFile, screenRevision, getScreensVersion } = await import('./load');
const { markChanged } = await import('./changes');

const deadline = {
  fieldNo: 'deadline',
  fieldNoName: 'Deadline',
  fieldType: 3,
  isDisplay: 'Y',
  displayPage: '23',
  displayOrder: 100,
  dateFormat: 'yyyy-MM-dd',
};

describe('loadScreen with custom fields', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("fetches the module's definitions silently and merges them before normalising", async () => {
    answer = () => Promise.resolve([deadline]);
    const screen = await loadScreen('/base/organizational');
    expect(calls).toEqual([
      [
        'ISysFrameDefineService/getSysFrameDefineListByModule',
        { module: 'Base.Basic.Organizational' },
        expect.objectContaining({ showError: false, moduleNumber: 'Base.Basic.Organizational' }),
      ],
    ]);
    expect(screen.list?.columns.at(-1)).toMatchObject({
      prop: 'deadline',
      type: 'date',
      labelKey: 'frameDefine.Base.Basic.Organizational.deadline',
    });
  });

  it('loads the plain screen when the fetch fails', async () => {
    answer = () => Promise.reject(new Error('network'));
    const screen = await loadScreen('/base/add-organizational');
    expect(screen.form?.fields.map((f) => f.prop)).not.toContain('deadline');
    expect(screen.form?.fields.map((f) => f.prop)).toContain('orgNo');
  });

  it('loads the plain screen when the answer is junk', async () => {
    answer = () => Promise.resolve({ not: 'a list' });
    const screen = await loadScreen('/base/modify-organizational/:id');
    expect(screen.form?.fields.map((f) => f.prop)).toContain('orgNo');
  });
});

describe('loadScreen after a definition changed', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('fetches the definitions at every load and gives the very same screen while they are the same', async () => {
    answer = () => Promise.resolve([deadline]);
    const first = await loadScreen('/base/organizational');
    const again = await loadScreen('/base/organizational');
    expect(again).toBe(first);
    expect(calls.filter((c) => String(c[0]).endsWith('getSysFrameDefineListByModule'))).toHaveLength(2);

    // Switched off: the next load has no such column, and a new revision rebuilds the page.
    answer = () => Promise.resolve([]);
    const off = await loadScreen('/base/organizational');
    expect(off).not.toBe(first);
    expect(off.list?.columns.map((c) => c.prop)).not.toContain('deadline');
    expect(screenRevision(off)).toBeGreaterThan(screenRevision(first));
  });

  it('resolves a dictionary dropdown to the names of its values', async () => {
    const grade = { ...deadline, fieldNo: 'asnState', fieldType: 4, enumMid: 'ASN_STATUS', dateFormat: null };
    answer = (call) =>
      Promise.resolve(
        call.startsWith('IBmEnumService/')
          ? {
              total: 2,
              records: [
                { enumValue: '0', enumName: 'Pending approval' },
                { enumValue: 'X', enumName: 'Own' },
              ],
            }
          : [grade],
      );
    const screen = await loadScreen('/base/organizational');
    expect(calls.find((c) => c[0] === 'IBmEnumService/getsysenumbyparamssearch')?.[1]).toEqual({
      current: 1,
      size: 1000,
      condition: { enumMid: 'ASN_STATUS', status: '1' },
    });
    const column = screen.list?.columns.find((c) => c.prop === 'asnState');
    expect(column?.type).toBe('enum');
    expect(column?.options?.map((o) => o.value)).toEqual(['0', 'X']);
  });

  it('keeps the dictionary selector when the dictionary cannot be fetched', async () => {
    const grade = { ...deadline, fieldNo: 'asnState', fieldType: 4, enumMid: 'ASN_STATUS', dateFormat: null };
    answer = (call) =>
      call.startsWith('IBmEnumService/') ? Promise.reject(new Error('denied')) : Promise.resolve([grade]);
    const screen = await loadScreen('/base/add-organizational');
    expect(screen.form?.fields.find((f) => f.prop === 'asnState')?.widget).toBe('remoteSelect');
  });

  it('counts a save on a screen of the frame-define service as a change of the custom fields, nothing else', () => {
    const before = getScreensVersion();
    markChanged('/base/organizational');
    expect(getScreensVersion()).toBe(before);
    // The admin list (screens/baseManage/frame-define.json) is a screen of ISysFrameDefineService.
    markChanged('/baseManage/frame-define');
    expect(getScreensVersion()).toBe(before + 1);
  });
});

describe('a screen file saved under the live preview', () => {
  it('builds the pages of that file anew and every other page as it was, and tells the mounted hosts', async () => {
    answer = () => Promise.resolve([]);
    const list = await loadScreen('/base/organizational');
    const other = await loadScreen('/base/warehouse');
    const before = getScreensVersion();
    reloadScreenFile('screens/base/organizational.json');
    expect(getScreensVersion()).toBe(before + 1);
    const again = await loadScreen('/base/organizational');
    expect(again).not.toBe(list);
    expect(screenRevision(again)).toBeGreaterThan(screenRevision(list));
    expect(await loadScreen('/base/warehouse')).toBe(other);
  });
});
