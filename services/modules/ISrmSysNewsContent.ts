// The rich text of an announcement, cleaned on the server before it is stored (add and update): what
// is kept is ordinary formatting (paragraphs, headings, emphasis, lists, quotes, tables, code), links
// to web and mail addresses, and images from our own file store. Scripts, styles, event handlers,
// frames, forms, javascript: and data: addresses and anything else are dropped, so the stored text is
// safe to show as HTML to every reader, visitors of the public pages included.
//
// An image from the file store is written `<img src="newsfile:{file id}">`: the screens turn it into
// the file's bytes through ISrmSysNewsFileService/downloadSrmNewsFileFileId, so the same audience rule
// as every download applies to it. Any other image source is dropped with the image.
import sanitizeHtml from 'sanitize-html';
import { UUID_PATTERN } from '../db/types.js';

/** The file-store address of a news image inside announcement text. */
export const NEWS_IMAGE = new RegExp(`^newsfile:${UUID_PATTERN}$`, 'i');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['newsfile'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the portal in a new tab that cannot reach back to it.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
  // An image that is not from the file store goes whole (an empty <img> shows nothing useful).
  exclusiveFilter: (frame) => frame.tag === 'img' && !NEWS_IMAGE.test(String(frame.attribs.src ?? '')),
};

/** The text as it may be stored and shown: cleaned HTML (plain text stays as it is, escaped). */
export function cleanNewsContent(html: string | null | undefined): string {
  if (!html) return '';
  const cleaned = sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'target', 'rel'] },
  });
  return cleaned.trim();
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The text without its markup, for a preview line. */
export function newsPlainText(html: string | null | undefined, max = 200): string {
  const spaced = (html ?? '').replace(/<\/(p|h[1-4]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_m, e: string) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The file ids of the file-store images in a cleaned text. */
export function newsImageIds(html: string): string[] {
  return [...html.matchAll(/<img src="newsfile:([0-9a-f-]{36})"/gi)].map((m) => m[1]!.toLowerCase());
}
