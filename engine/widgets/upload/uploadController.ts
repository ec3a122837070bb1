// The upload widget, headless: the files a field holds (their ids, comma-joined, are the value), the
// checks before a file is sent, one upload per file with its progress, the server's refusal kept on
// the file that caused it. The view (FileUpload.tsx) renders the snapshot. No React, no antd.
import { checkFile, joinIds, splitIds, type UploadConfig } from '../../files/uploadRules';

export interface UploadedFile {
  id: string;
  originalName: string;
  sizeBytes: number;
}

export interface UploadItem {
  /** Stable key of the row. */
  uid: string;
  name: string;
  size?: number;
  status: 'uploading' | 'done' | 'error';
  /** 0-100 while uploading. */
  percent: number;
  /** The file id once uploaded (or when the value named it). */
  id?: string;
  /** Why the server refused it (status 'error'). */
  message?: string;
}

export interface UploadDeps {
  /** Sends one file; rejects with the server's message when it is refused. */
  upload(file: File, onProgress: (percent: number) => void): Promise<UploadedFile>;
  /** Names and sizes of files the value names; unknown or unseen ids are left out. */
  info(ids: string[]): Promise<UploadedFile[]>;
  /** Shows a warning under a locale key (a file refused before sending). */
  warn(key: string, params?: Record<string, unknown>): void;
}

export interface UploadSnapshot {
  items: UploadItem[];
  /** A file is being sent: a form should not save yet. */
  busy: boolean;
}

let counter = 0;
const nextUid = () => `upload-${++counter}`;

export function createUploadController(
  config: UploadConfig,
  deps: UploadDeps,
  onChange: (value: string | undefined) => void = () => undefined,
) {
  let items: UploadItem[] = [];
  let snapshot: UploadSnapshot = { items, busy: false };
  /** The value last given to or sent by the field, so an echo of our own change is not reloaded. */
  let value: string | undefined;
  const listeners = new Set<() => void>();

  function publish(next: UploadItem[]) {
    items = next;
    snapshot = { items, busy: items.some((i) => i.status === 'uploading') };
    for (const l of listeners) l();
  }

  const patch = (uid: string, change: Partial<UploadItem>) =>
    publish(items.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  function emit() {
    value = joinIds(items.filter((i) => i.status === 'done' && i.id).map((i) => i.id!));
    onChange(value);
  }

  async function send(file: File, uid: string) {
    try {
      const uploaded = await deps.upload(file, (percent) => {
        if (items.some((i) => i.uid === uid && i.status === 'uploading')) patch(uid, { percent });
      });
      if (!items.some((i) => i.uid === uid)) return;
      patch(uid, {
        status: 'done',
        percent: 100,
        id: uploaded.id,
        name: uploaded.originalName,
        size: uploaded.sizeBytes,
      });
      emit();
    } catch (error) {
      if (!items.some((i) => i.uid === uid)) return;
      patch(uid, { status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    getState: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * The field's value (comma-joined ids) as the form holds it: a loaded record names files the widget
     * has not seen, whose names are fetched. Our own change coming back is ignored.
     */
    async setValue(next: unknown): Promise<void> {
      const text = joinIds(splitIds(next));
      if (text === value) return;
      value = text;
      const ids = splitIds(text);
      const known = new Map(items.filter((i) => i.id).map((i) => [i.id!, i]));
      publish(
        ids.map(
          (id) => known.get(id) ?? { uid: nextUid(), name: '…', status: 'done' as const, percent: 100, id },
        ),
      );
      const unknown = ids.filter((id) => !known.has(id));
      if (!unknown.length) return;
      try {
        const found = new Map((await deps.info(unknown)).map((f) => [f.id, f]));
        publish(
          items.map((i) => {
            const f = i.id ? found.get(i.id) : undefined;
            return f && i.name === '…' ? { ...i, name: f.originalName, size: f.sizeBytes } : i;
          }),
        );
      } catch {
        // The names stay unknown; the ids are still the value.
      }
    },

    /**
     * Checks the chosen files and sends each one that passes. One file only (not `multiple`): the new
     * one replaces what the field held. Resolves when every upload has finished.
     */
    async choose(files: File[]): Promise<void> {
      const accepted: File[] = [];
      for (const file of files) {
        const refusal = checkFile(config, file);
        if (refusal) deps.warn(refusal.key, refusal.params);
        else accepted.push(file);
      }
      if (!accepted.length) return;
      let chosen = config.multiple ? accepted : accepted.slice(-1);
      if (config.multiple) {
        const room = config.maxCount - items.filter((i) => i.status !== 'error').length;
        if (chosen.length > room) {
          deps.warn('upload.tooMany', { count: config.maxCount });
          chosen = chosen.slice(0, Math.max(0, room));
        }
        if (!chosen.length) return;
      }
      const started = chosen.map((file) => ({
        file,
        item: { uid: nextUid(), name: file.name, size: file.size, status: 'uploading' as const, percent: 0 },
      }));
      // One file only: the new one replaces what the field held, so the value is empty until it is up.
      const replaced = !config.multiple && items.some((i) => i.status === 'done');
      publish([...(config.multiple ? items : []), ...started.map((s) => s.item)]);
      if (replaced) emit();
      await Promise.all(started.map((s) => send(s.file, s.item.uid)));
    },

    /** Takes a file out of the field (the file itself stays on the server). */
    remove(uid: string): void {
      const item = items.find((i) => i.uid === uid);
      if (!item) return;
      publish(items.filter((i) => i.uid !== uid));
      if (item.status === 'done') emit();
    },
  };
}

export type UploadController = ReturnType<typeof createUploadController>;
