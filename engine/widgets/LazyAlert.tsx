// antd's Alert for what shows only now and then (a search the screen's rules refuse, a licence or
// password about to expire): loaded when one first shows, so a page that shows none downloads none.
import type { AlertProps } from 'antd';
import { lazyPart } from './lazyPart';

export const LazyAlert = lazyPart<AlertProps>(() => import('antd/es/alert').then((m) => m.default));
