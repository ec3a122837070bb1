// The list's detail drawer (spec 000 sections 2 and 9): on the right, 75% wide, showing the row's
// record through the detail kind's own view.
import { Drawer, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuFlags } from '../../screens/flags';
import { loadScreen } from '../../screens/load';
import { recordIdOf } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import { DetailView } from '../detail/DetailView';

export const DRAWER_WIDTH = '75%';

export function DetailDrawer({
  path,
  params,
  menu,
  onClose,
}: {
  /** Route path of the detail screen (for example /base/organizational-detail/:id). */
  path: string;
  params: Record<string, string>;
  menu: MenuFlags;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ screen?: NormalisedScreen; failed?: boolean }>({});

  useEffect(() => {
    let alive = true;
    loadScreen(path).then(
      (screen) =>
        alive &&
        setLoaded({
          screen: screen.kind === 'detail' ? screen : undefined,
          failed: screen.kind !== 'detail',
        }),
      () => alive && setLoaded({ failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [path]);

  return (
    <Drawer
      open
      placement="right"
      width={DRAWER_WIDTH}
      title={loaded.screen ? t(loaded.screen.titleKey) : undefined}
      onClose={onClose}
      destroyOnHidden
      rootClassName="screen-list__drawer"
    >
      {loaded.failed ? (
        <Result status="warning" title={t('screen.loadFailed')} />
      ) : loaded.screen ? (
        <DetailView
          key={recordIdOf(params)}
          screen={loaded.screen}
          menu={menu}
          id={recordIdOf(params)}
          inDrawer
          onLeave={onClose}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
