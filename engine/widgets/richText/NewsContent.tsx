// Shows the rich text of an announcement. The server cleaned it before storing it
// (services/modules/ISrmSysNewsContent.ts: ordinary formatting, web and mail links, images of the file
// store only), so it is rendered as HTML. An image of the file store (`newsfile:{id}`) cannot be loaded
// by an <img> tag (downloads need the session header), so it is fetched through the announcement file
// call, under the same audience rule as every download, and shown from an object URL; a visitor
// without a login sees its alternative text.
import { useEffect, useMemo, useRef } from 'react';
import { request } from '../../request';
import './richText.css';

export const NEWS_FILE_CALL = 'ISrmSysNewsFileService/downloadSrmNewsFileFileId';

/** The file-store images as data attributes, so the browser never asks for an address it cannot load. */
export function withDeferredImages(html: string): string {
  return html.replace(/<img src="newsfile:([0-9a-f-]{36})"/gi, '<img data-news-file="$1"');
}

export interface NewsContentProps {
  html?: string | null;
  /** Load the file-store images (logged-in users only). */
  images?: boolean;
}

export function NewsContent({ html, images = true }: NewsContentProps) {
  const ref = useRef<HTMLDivElement>(null);
  const markup = useMemo(() => withDeferredImages(html ?? ''), [html]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the images to load are those of a new markup.
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const urls: string[] = [];
    let live = true;
    for (const img of Array.from(root.querySelectorAll<HTMLImageElement>('img[data-news-file]'))) {
      const fileId = img.dataset.newsFile!;
      img.classList.add('news-content__image--pending');
      if (!images) continue;
      void request<Blob>(
        NEWS_FILE_CALL,
        { fileId },
        { responseType: 'blob', showError: false, loading: false },
      )
        .then((blob) => {
          if (!live || !(blob instanceof Blob)) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          img.src = url;
          img.classList.remove('news-content__image--pending');
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [markup, images]);
  if (!html) return <div className="news-content news-content--empty">--</div>;
  return (
    <div
      ref={ref}
      className="news-content"
      data-testid="news-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the server before it was stored.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
