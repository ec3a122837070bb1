// The item-code picker dialog with search (spec 000 section 2; section 7: keyword, statusCode 1,
// orgNo; size 20): the code in a read-only input with its name beside it. The form controller disables
// the picker until the organisation is chosen and clears it when the organisation changes.
import type { RemoteSelectProps } from './RemoteSelect';
import { TablePicker, type TablePickerKind } from './TablePicker';

const ITEM: TablePickerKind = {
  action: 'pickItem',
  titleKey: 'selector.itemPickerTitle',
  emptyMessageKey: 'selector.noItemChosen',
  show: 'code',
};

export function ItemPicker(props: RemoteSelectProps) {
  return <TablePicker {...props} kind={ITEM} />;
}
