import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '../format';
import { i18n } from '../i18n/i18n';
import type { DocumentDefine } from '../screens/documentDefine';
import type { NormalisedColumn } from '../screens/types';
import { StateTag } from './StateTag';

/**
 * A cell as the column type says: numbers (exact decimals too) with the separators of the user's
 * language, formatted dates, option labels for codes, a document's state as its coloured tag.
 */
export function renderCell(
  column: NormalisedColumn,
  value: unknown,
  t: TFunction,
  document?: DocumentDefine,
): ReactNode {
  switch (column.type) {
    case 'state':
      return <StateTag define={document} value={value} />;
    case 'number':
      return formatNumber(value, column.precision, i18n.language);
    case 'date':
    case 'datetime':
      return formatDate(value, column.format);
    case 'status':
    case 'enum':
    case 'yesNo': {
      if (value === null || value === undefined || value === '') return '';
      const option = column.options?.find((o) => o.value === String(value));
      const text = option ? t(option.labelKey) : String(value);
      if (column.type !== 'status') return text;
      return (
        <span className={`screen-status screen-status--${String(value) === '1' ? 'on' : 'off'}`}>{text}</span>
      );
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
