// The failure view of LoadFailed.tsx, in a file of its own: antd's Result.
import { Result } from 'antd';
import type { LoadFailedProps } from './LoadFailed';

export function LoadFailedResult({ status, title, detail }: LoadFailedProps) {
  return <Result status={status} title={title} subTitle={detail} />;
}
