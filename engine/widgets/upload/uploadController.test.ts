// The upload widget's checks and its value, driven headless: a file of the wrong kind or size is
// refused before anything is sent, with the spec's messages; each accepted file is sent on its own and
// its id joins the comma-joined value; a refusal by the server stays on its file.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { acceptAttribute, checkFile, splitIds, uploadConfig } from '../../files/uploadRules';
import { createUploadController, type UploadDeps, type UploadedFile } from './uploadController';

const en = JSON.parse(
  readFileSync(new URL('../../../locales/en-US.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const zh = JSON.parse(
  readFileSync(new URL('../../../locales/zh-CN.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const text = (texts: Record<string, string>, key: string, params: Record<string, unknown>) =>
  texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

const MB = 1024 * 1024;
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const documents = uploadConfig({ purpose: 'attachment', multiple: true });

function setup(config = documents, upload?: UploadDeps['upload']) {
  let next = 0;
  const sent: string[] = [];
  const deps = {
    upload: vi.fn(
      upload ??
        (async (f: File, progress: (p: number) => void): Promise<UploadedFile> => {
          sent.push(f.name);
          progress(50);
          return { id: `id-${++next}`, originalName: f.name, sizeBytes: f.size };
        }),
    ),
    info: vi.fn(async (ids: string[]) => ids.map((id) => ({ id, originalName: `${id}.pdf`, sizeBytes: 3 }))),
    warn: vi.fn(),
  };
  const values: (string | undefined)[] = [];
  const controller = createUploadController(config, deps, (v) => values.push(v));
  return { controller, deps, values, sent };
}

describe('upload checks before sending', () => {
  it('takes the spec list by default and refuses other extensions with its message', () => {
    const refusal = checkFile(documents, { name: 'setup.exe', size: 10 });
    expect(refusal).toEqual({
      key: 'error.10060',
      params: { types: 'jpg, png, pdf, txt, doc, docx, xls, xlsx' },
    });
    expect(text(en, refusal!.key, refusal!.params)).toBe(
      'Only files in the format of jpg, png, pdf, txt, doc, docx, xls, xlsx can be uploaded',
    );
    expect(text(zh, refusal!.key, refusal!.params)).toBe(
      '只能上传 jpg, png, pdf, txt, doc, docx, xls, xlsx 格式的文件',
    );
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.pdf', 'e.txt', 'f.doc', 'g.docx', 'h.xls', 'i.XLSX'])
      expect(checkFile(documents, { name, size: 1 }), name).toBeUndefined();
    for (const name of ['noext', '.pdf', 'x.pdf.exe', 'x.html', 'x.apk'])
      expect(checkFile(documents, { name, size: 1 })?.key, name).toBe('error.10060');
  });

  it('refuses a file over the size limit: 50 MB by default, 2 MB for an avatar, or the screen value', () => {
    expect(checkFile(documents, { name: 'a.pdf', size: 50 * MB })).toBeUndefined();
    const over = checkFile(documents, { name: 'a.pdf', size: 50 * MB + 1 });
    expect(over).toEqual({ key: 'error.10061', params: { size: 50 } });
    expect(text(en, over!.key, over!.params)).toBe('The file size cannot exceed 50MB');
    const avatar = uploadConfig({ purpose: 'avatar' });
    expect(checkFile(avatar, { name: 'me.png', size: 2 * MB + 1 })).toEqual({
      key: 'error.10061',
      params: { size: 2 },
    });
    expect(checkFile(avatar, { name: 'me.pdf', size: 1 })).toEqual({
      key: 'error.10060',
      params: { types: 'jpg, png' },
    });
    const small = uploadConfig({ purpose: 'file', maxSizeMb: 5, accept: ['pdf', 'xlsx'] });
    expect(checkFile(small, { name: 'a.pdf', size: 5 * MB + 1 })?.params).toEqual({ size: 5 });
    expect(checkFile(small, { name: 'a.png', size: 1 })?.params).toEqual({ types: 'pdf, xlsx' });
    expect(checkFile(small, { name: 'a.pdf', size: 0 })?.key).toBe('error.10063');
  });

  it('a screen can narrow what a purpose allows, never widen it or raise its limit', () => {
    const avatar = uploadConfig({ purpose: 'avatar', accept: ['png', 'pdf'], maxSizeMb: 10 });
    expect(avatar.accept).toEqual(['png']);
    expect(avatar.maxSizeMb).toBe(2);
    expect(acceptAttribute(uploadConfig({ purpose: 'avatar' }))).toBe('.jpg,.jpeg,.png');
    expect(acceptAttribute(uploadConfig({ purpose: 'appVersion' }))).toBe('.apk');
  });
});

describe('the upload controller', () => {
  it('sends each accepted file on its own and keeps the ids comma-joined', async () => {
    const { controller, deps, values, sent } = setup();
    await controller.choose([file('a.pdf'), file('virus.exe'), file('b.xlsx')]);
    expect(sent).toEqual(['a.pdf', 'b.xlsx']);
    expect(deps.warn).toHaveBeenCalledWith('error.10060', {
      types: 'jpg, png, pdf, txt, doc, docx, xls, xlsx',
    });
    expect(values.at(-1)).toBe('id-1,id-2');
    expect(controller.getState().items.map((i) => [i.name, i.status, i.id])).toEqual([
      ['a.pdf', 'done', 'id-1'],
      ['b.xlsx', 'done', 'id-2'],
    ]);
    expect(controller.getState().busy).toBe(false);
  });

  it('sends nothing when every file is refused', async () => {
    const { controller, deps, values } = setup();
    await controller.choose([file('big.pdf', 50 * MB + 1)]);
    expect(deps.upload).not.toHaveBeenCalled();
    expect(deps.warn).toHaveBeenCalledWith('error.10061', { size: 50 });
    expect(values).toEqual([]);
  });

  it('one file only: a new one replaces the old, and the value is empty while it is sent', async () => {
    let finish!: (f: UploadedFile) => void;
    const { controller, values } = setup(
      uploadConfig({ purpose: 'appVersion' }),
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    await controller.setValue('old-id');
    const sending = controller.choose([file('a.apk'), file('b.apk')]);
    expect(controller.getState().items.map((i) => i.name)).toEqual(['b.apk']);
    expect(controller.getState().busy).toBe(true);
    expect(values).toEqual([undefined]);
    finish({ id: 'new-id', originalName: 'b.apk', sizeBytes: 10 });
    await sending;
    expect(values).toEqual([undefined, 'new-id']);
  });

  it("keeps the server's refusal on its file and leaves it out of the value", async () => {
    const { controller, values } = setup(documents, async (f) => {
      if (f.name === 'fake.pdf') throw new Error('The file\u2019s content does not match its extension .pdf');
      return { id: 'ok-1', originalName: f.name, sizeBytes: f.size };
    });
    await controller.choose([file('fake.pdf'), file('real.pdf')]);
    const [fake, real] = controller.getState().items;
    expect(fake).toMatchObject({ status: 'error', message: expect.stringContaining('.pdf') });
    expect(real).toMatchObject({ status: 'done', id: 'ok-1' });
    expect(values.at(-1)).toBe('ok-1');
    controller.remove(fake.uid);
    expect(controller.getState().items).toHaveLength(1);
  });

  it('shows the names of the files a loaded value names, and removing one changes the value', async () => {
    const { controller, deps, values } = setup();
    await controller.setValue('f1, f2');
    expect(deps.info).toHaveBeenCalledWith(['f1', 'f2']);
    expect(controller.getState().items.map((i) => i.name)).toEqual(['f1.pdf', 'f2.pdf']);
    // The same value again (our own change coming back) fetches nothing.
    await controller.setValue('f1,f2');
    expect(deps.info).toHaveBeenCalledTimes(1);
    controller.remove(controller.getState().items[0].uid);
    expect(values).toEqual(['f2']);
  });

  it('keeps at most maxCount files and says so', async () => {
    const { controller, deps } = setup(uploadConfig({ purpose: 'file', multiple: true, maxCount: 2 }));
    await controller.choose([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    expect(controller.getState().items).toHaveLength(2);
    expect(deps.warn).toHaveBeenCalledWith('upload.tooMany', { count: 2 });
  });

  it('splits comma-joined ids, arrays and nothing', () => {
    expect(splitIds('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitIds(['x'])).toEqual(['x']);
    expect(splitIds(undefined)).toEqual([]);
  });
});
