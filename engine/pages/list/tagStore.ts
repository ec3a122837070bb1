// Saved search tags (ISysTagService): the screen's tags, the one applied, adding and deleting. A tag
// stays applied until the user changes the search (the query's onEdit).
import { createStore } from '../../store/createStore';
import type { ListContext } from './listContext';
import type { QueryStore } from './queryStore';
import { orderTags, parseTagContent, type SearchTag, type TagName } from './tags';

export const TAG_SERVICE = 'ISysTagService';

/** idle, or an add-tag call is under way (the dialog's OK button spins). */
export type TagStatus = 'idle' | 'saving';

export interface TagState {
  /** Saved search tags of the screen, fixed ones first. */
  tags: SearchTag[];
  /** The tag whose params are applied; cleared by any change to the search. */
  activeTagId?: string;
  tagStatus: TagStatus;
}

export function createTagStore(ctx: ListContext, query: QueryStore) {
  const { list, deps, module, options } = ctx;
  const store = createStore<TagState>(() => ({ tags: [], tagStatus: 'idle' }));

  function deactivate(): void {
    if (store.get().activeTagId !== undefined) store.set({ activeTagId: undefined });
  }
  query.onEdit(deactivate);

  async function loadTags(): Promise<void> {
    if (ctx.forbidden || !list.savedTags) return;
    try {
      const answer = await deps.request<{ records?: SearchTag[] }>(
        `${TAG_SERVICE}/getCurrentUserSysTagListByModule`,
        { module },
        { ...options, loading: false },
      );
      const tags = orderTags(Array.isArray(answer?.records) ? answer.records : []);
      const active = store.get().activeTagId;
      store.set({ tags, activeTagId: tags.some((t) => t.id === active) ? active : undefined });
    } catch {
      // Shown by the request layer; the page works without tags.
    }
  }

  return {
    getState: store.get,
    subscribe: store.subscribe,
    snapshot: (): Pick<TagState, 'tags' | 'activeTagId'> => {
      const { tags, activeTagId } = store.get();
      return { tags, activeTagId };
    },
    restore(saved: Pick<TagState, 'tags' | 'activeTagId'>): void {
      store.set({ tags: saved.tags, activeTagId: saved.activeTagId });
    },
    loadTags,
    /** Applies a tag over the defaults and searches; the active tag again resets and searches. */
    applyTag(tag: SearchTag): Promise<void> {
      if (store.get().activeTagId === tag.id) {
        query.edit({ current: 1, filters: { ...query.defaults }, keyword: '' });
        return query.load();
      }
      const { keyword, ...params } = parseTagContent(tag.tagContent).params;
      query.update({
        current: 1,
        keyword: typeof keyword === 'string' ? keyword : '',
        filters: { ...query.defaults, ...params },
      });
      store.set({ activeTagId: tag.id });
      return query.load();
    },
    /**
     * Saves `params` (default: the applied search) as a personal tag named in every language.
     * Resolves false when the server refused it, so the dialog stays open.
     */
    async addTag(names: TagName[], params = query.params()): Promise<boolean> {
      if (store.get().tagStatus === 'saving') return false;
      store.set({ tagStatus: 'saving' });
      const labelMapProp = Object.fromEntries(
        Object.keys(params).map((prop) => [
          prop,
          list.searchFields.find((f) => f.prop === prop)?.labelKey ??
            (prop === 'keyword' ? 'list.keyword' : prop),
        ]),
      );
      try {
        await deps.request(
          `${TAG_SERVICE}/addSysTag`,
          {
            module,
            name: ctx.screen.name,
            tagContent: JSON.stringify({ params, labelMapProp }),
            tagOwnType: 2,
            zlI18nList: names.map((n) => ({
              languageCode: n.languageCode,
              description: n.description.trim(),
            })),
          },
          options,
        );
        store.set({ tagStatus: 'idle' });
        deps.success('list.tag.added');
        await loadTags();
        return true;
      } catch {
        store.set({ tagStatus: 'idle' });
        return false;
      }
    },
    /** Deletes a tag with its version, then reloads the tag list. */
    async deleteTag(tag: SearchTag): Promise<void> {
      try {
        await deps.request(
          `${TAG_SERVICE}/deleteSysTagById`,
          { delList: [{ id: tag.id, version: tag.version }] },
          options,
        );
      } catch {
        // A stale or foreign tag: the reload below shows what is really there.
      }
      if (store.get().activeTagId === tag.id) store.set({ activeTagId: undefined });
      await loadTags();
    },
  };
}

export type TagStore = ReturnType<typeof createTagStore>;
