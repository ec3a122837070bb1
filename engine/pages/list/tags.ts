// Saved search tags (spec 000 sections 3 and 4): what a tag holds and how its text is read back.

export interface TagName {
  languageCode: string;
  description: string;
}

/** A tag as ISysTagService answers it; tagOwnType 1 is fixed, 2 the user's own. */
export interface SearchTag {
  id: string;
  version: number;
  tagName: string;
  tagContent: string;
  tagOwnType: number;
  zlI18nList?: TagName[] | string | null;
}

/** tagContent: the search values and, for chips, which label each value belongs to. */
export interface TagContent {
  params: Record<string, unknown>;
  labelMapProp: Record<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tag whose content cannot be read applies no params rather than breaking the page. */
export function parseTagContent(text: string): TagContent {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) return { params: {}, labelMapProp: {} };
    return {
      params: isObject(parsed.params) ? parsed.params : {},
      labelMapProp: isObject(parsed.labelMapProp) ? (parsed.labelMapProp as Record<string, string>) : {},
    };
  } catch {
    return { params: {}, labelMapProp: {} };
  }
}

/** The tag's name in the given language, else the name the server chose. */
export function tagLabel(tag: SearchTag, language: string): string {
  let names: unknown = tag.zlI18nList;
  if (typeof names === 'string') {
    try {
      names = JSON.parse(names);
    } catch {
      names = [];
    }
  }
  const list = Array.isArray(names) ? (names as TagName[]) : [];
  return list.find((n) => n.languageCode === language)?.description || tag.tagName;
}

/** Fixed tags first, then the user's own, each group in the server's order. */
export function orderTags(tags: SearchTag[]): SearchTag[] {
  return [...tags].sort((a, b) => (a.tagOwnType === 1 ? 0 : 1) - (b.tagOwnType === 1 ? 0 : 1));
}
