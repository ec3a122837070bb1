// What a screen reader hears while a list is reordered from the keyboard (dnd-kit's keyboard sensor:
// Space or Enter picks an item up, the arrow keys move it, Space or Enter drops it, Escape cancels),
// in the user's language instead of dnd-kit's built-in English. Used by the favourites and the column
// settings.
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

type T = (key: string, options?: Record<string, unknown>) => string;

export function sortableA11y(
  t: T,
  ids: readonly string[],
  nameOf: (id: string) => string,
): { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements } {
  const name = (id: string | number) => nameOf(String(id));
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  return {
    screenReaderInstructions: { draggable: t('a11y.sort.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('a11y.sort.picked', { name: name(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('a11y.sort.moved', { name: name(active.id), position: position(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        t('a11y.sort.dropped', { name: name(active.id), position: position(over?.id ?? active.id) }),
      onDragCancel: ({ active }) => t('a11y.sort.cancelled', { name: name(active.id) }),
    },
  };
}
