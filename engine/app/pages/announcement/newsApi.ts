// The announcement calls of the app's own pages (services/modules/ISrmSysNews*.ts): the public ones a
// visitor may make without a login, and the notice list, detail, read record and attachments of a
// logged-in user.
import type { FileRecord } from '@schemas/generated/file-record';
import { download, request } from '../../../request';

const SERVICE = 'ISrmSysNewsService';
export const NOTICE_LIST_MENU = 'Index.NewsNotice.List';
export const NOTICE_DETAIL_MENU = 'Index.NewsNotice.Detail';
export const PUBLIC_PAGE_SIZE = 10;

export interface PublicNews {
  id: string;
  title: string;
  summary?: string;
  content?: string;
  isTop: 'Y' | 'N';
  publishDate: string | null;
  validTo?: string | null;
}

export interface Page<T> {
  records: T[];
  total: number;
}

export interface NoticeRow {
  id: string;
  newsNo: string;
  title: string;
  summary?: string;
  content?: string;
  isTop: 'Y' | 'N';
  orgNo: string;
  publishDate: string | null;
  publishName: string | null;
  validTo: string | null;
  fileIds: string | null;
  isRead: 'Y' | 'N';
  readDate: string | null;
}

/** Spec 001 section 7's condition for the public list; the server answers public ones whatever is sent. */
export const outDoorNews = (current: number, keyword?: string) =>
  request<Page<PublicNews>>(
    `${SERVICE}/getOutDoorSysNews`,
    {
      current,
      size: PUBLIC_PAGE_SIZE,
      condition: {
        publish: 1,
        whereNews: 1,
        newsBusiness: 1,
        field: 'adddate',
        order: 'desc',
        ...(keyword ? { keyword } : {}),
      },
    },
    { noCondition: true },
  );

export const publicNewsInfo = (id: string) => request<PublicNews>(`${SERVICE}/getInfo`, { id });

/** The login page's top announcements: quiet when the call fails (the login form matters more). */
export const topNews = (size = 5) =>
  request<{ records: PublicNews[] }>(`${SERVICE}/getTopNews`, { size }, { showError: false, loading: false });

export const noticeList = (current: number, size: number, condition: Record<string, unknown>) =>
  request<Page<NoticeRow>>(
    `${SERVICE}/getNewsNoticeList`,
    { current, size, condition },
    { noCondition: true, moduleNumber: NOTICE_LIST_MENU },
  );

export const noticeById = (id: string) =>
  request<NoticeRow>(`${SERVICE}/getNewsNoticeById`, { id }, { moduleNumber: NOTICE_DETAIL_MENU });

export const markRead = (newsId: string) =>
  request<{ readDate: string }>(
    `${SERVICE}/addNewsReadingRecord`,
    { newsId },
    { moduleNumber: NOTICE_DETAIL_MENU, loading: false, showError: false },
  );

export const newsFiles = (refId: string) =>
  request<Page<FileRecord>>(
    'ISrmFileService/getSrmNewsFileList',
    { current: 1, size: 50, condition: { refId } },
    { noCondition: true, moduleNumber: NOTICE_DETAIL_MENU },
  );

export const downloadNewsFile = (fileId: string) =>
  download('ISrmSysNewsFileService/downloadSrmNewsFileFileId', { fileId });

/** A window event the detail page sends when it has recorded a read (detail: the announcement id). */
export const NEWS_READ_EVENT = 'srm:news-read';
