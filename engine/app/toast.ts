import type { ReloginTexts } from '../request';

// antd's message and modal are loaded on first use: the login route ships no antd at all, and a
// toast there is rare (a wrong password), so a few milliseconds of import on that path are fine.
const loadMessage = () => import('antd/es/message').then((m) => m.default);

export const toast = {
  async error(content: string, duration: number): Promise<void> {
    (await loadMessage()).error({ content, duration });
  },
  async success(content: string): Promise<void> {
    (await loadMessage()).success(content);
  },
};

export async function confirmWarning(texts: ReloginTexts): Promise<boolean> {
  const { default: Modal } = await import('antd/es/modal');
  return new Promise<boolean>((resolve) => {
    Modal.warning({ ...texts, okCancel: true, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}
