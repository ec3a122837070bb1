// The selector widgets as the registry takes them: read-pretty, a selector shows the names of its codes
// (engine/selectors/labels.ts). Loaded with the first selector a page renders (host/widgets.ts).
import { connect, mapReadPretty } from '@formily/react';
import { ItemPicker } from '../selectors/ItemPicker';
import { RemoteSelect, SelectorText } from '../selectors/RemoteSelect';
import { UserPicker } from '../selectors/UserPicker';

export const RemoteSelectWidget = connect(RemoteSelect, mapReadPretty(SelectorText));
export const UserPickerWidget = connect(UserPicker, mapReadPretty(SelectorText));
export const ItemPickerWidget = connect(ItemPicker, mapReadPretty(SelectorText));
