// The user's avatar (UserInfo.url, a file id) as an image address. An <img> cannot send the session
// header, so the file is fetched through the request layer (ISrmFileService/downloadFileById) and shown
// from an object URL; each avatar is fetched once per page load, however many places show it.
import { useEffect, useState } from 'react';
import { fileObjectUrl } from '../files/fileApi';

const urls = new Map<string, Promise<string | undefined>>();

export function avatarUrl(fileId: string): Promise<string | undefined> {
  let url = urls.get(fileId);
  if (!url) {
    url = fileObjectUrl(fileId);
    urls.set(fileId, url);
    // A failed fetch (a deleted file) is tried again next time rather than remembered.
    void url.then((u) => {
      if (!u) urls.delete(fileId);
    });
  }
  return url;
}

/** The object URL of the avatar `fileId`, once fetched; undefined without one or while loading. */
export function useAvatarUrl(fileId: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let live = true;
    setUrl(undefined);
    if (fileId)
      void avatarUrl(fileId).then((u) => {
        if (live) setUrl(u);
      });
    return () => {
      live = false;
    };
  }, [fileId]);
  return url;
}
