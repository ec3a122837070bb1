import { beforeEach, describe, expect, it, vi } from 'vitest';

// A plain stub rather than vi.fn(): the request layer is replaced by whatever `answer` gives.
let answer: () => Promise<unknown> = () => Promise.resolve([]);
const calls: unknown[][] = [];
vi.mock('../request', () => ({
  request: (...args: unknown[]) => {
    calls.push(args);
    return answer();
  },
}));

const { loadScreen } = await import('./load');

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
