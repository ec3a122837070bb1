// A document's status as a coloured tag: the label and the colour come from the document's declaration
// (calls.define), never from a screen; before the declaration has loaded the code stands alone.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DocumentDefine, stateOf } from '../screens/documentDefine';

export function StateTag({ define, value }: { define?: DocumentDefine; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  const state = define ? stateOf(define, value) : undefined;
  if (!state) return <Tag data-state={String(value)}>{String(value)}</Tag>;
  return (
    <Tag color={state.color} data-state={state.code}>
      {t(state.labelKey)}
    </Tag>
  );
}
