// What a page shows when what it needs cannot be loaded (a screen's file, the record a drawer was to
// show). antd's Result draws it, loaded only then: its illustrations weigh more than the list page's
// own code. When that cannot be downloaded either (the network is gone), the same text shows plain.
import type { ReactNode } from 'react';
import { lazyPart } from './lazyPart';

export interface LoadFailedProps {
  status: 'error' | 'warning';
  title: string;
  detail?: ReactNode;
}

function PlainLoadFailed({ title, detail }: LoadFailedProps) {
  return (
    <div role="alert">
      <p>{title}</p>
      {detail}
    </div>
  );
}

export const LoadFailed = lazyPart<LoadFailedProps>(() =>
  import('./LoadFailedResult').then(
    (m) => m.LoadFailedResult,
    () => PlainLoadFailed,
  ),
);
