// The user picker (spec 000 section 5): users the caller may pick, sending what the selector needs
// (the organisation, and for the user-by-role picker the warehouse, classify type and role the screen
// names); the input shows the chosen users' names.
import type { RemoteSelectProps } from './RemoteSelect';
import { TablePicker, type TablePickerKind } from './TablePicker';

const USER: TablePickerKind = {
  action: 'pickUser',
  titleKey: 'selector.userPickerTitle',
  emptyMessageKey: 'selector.noUserChosen',
  columnLabelKeys: ['field.userNo', 'field.userName'],
  show: 'names',
};

export function UserPicker(props: RemoteSelectProps) {
  return <TablePicker {...props} kind={USER} />;
}
