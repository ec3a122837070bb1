// antd's toasts (message) are plain elements added to the end of the page: a screen reader does not
// hear them. Two live regions that are there from the start say each toast's text as it appears,
// errors and warnings assertively, the others politely. Only antd's toast container is watched (it is
// created with the first toast, the page's body is watched for that alone), so the pages' own changes
// (a scrolling grid) cost nothing.
import { useEffect, useState } from 'react';

const CONTAINER = 'ant-message';
const NOTICE = '.ant-message-notice';

function kindOf(notice: Element): 'alert' | 'status' {
  return notice.querySelector('.ant-message-error, .ant-message-warning') ? 'alert' : 'status';
}

export function ToastAnnouncer() {
  const [said, setSaid] = useState<{ alert: string; status: string }>({ alert: '', status: '' });

  useEffect(() => {
    const watched = new WeakSet<Element>();
    const say = (notice: Element) => {
      const text = notice.textContent?.trim();
      if (!text) return;
      const kind = kindOf(notice);
      // The same text twice in a row is still said twice: the region is emptied first.
      setSaid((s) => ({ ...s, [kind]: '' }));
      requestAnimationFrame(() => setSaid((s) => ({ ...s, [kind]: text })));
    };
    const noticeObserver = new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          const notice = node.matches(NOTICE) ? node : node.querySelector(NOTICE);
          if (notice) say(notice);
        }
    });
    const watch = () => {
      for (const container of document.getElementsByClassName(CONTAINER)) {
        if (watched.has(container)) continue;
        watched.add(container);
        noticeObserver.observe(container, { childList: true, subtree: true });
        // The container comes with the first toast in it.
        for (const notice of container.querySelectorAll(NOTICE)) say(notice);
      }
    };
    const bodyObserver = new MutationObserver(watch);
    watch();
    bodyObserver.observe(document.body, { childList: true });
    return () => {
      bodyObserver.disconnect();
      noticeObserver.disconnect();
    };
  }, []);

  return (
    <>
      <div className="sr-only" role="alert" data-live="alert">
        {said.alert}
      </div>
      <div className="sr-only" role="status" data-live="status">
        {said.status}
      </div>
    </>
  );
}
