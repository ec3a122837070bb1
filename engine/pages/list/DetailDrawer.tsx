// The list's detail drawer (spec 000 sections 2 and 9): on the right, 75% wide, showing the row's
// record through the detail kind's own view.
import { Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuFlags } from '../../screens/flags';
import { loadScreen } from '../../screens/load';
import { recordIdOf } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import { LoadFailed } from '../../widgets/LoadFailed';
import { lazyPart } from '../../widgets/lazyPart';

// The detail kind's view (with Formily and its widgets) loads when a row first opens the drawer,
// which shows its spinner meanwhile, as while the screen file loads.
const DetailView = lazyPart(() => import('../detail/DetailView').then((m) => m.DetailView), <Spin />);

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
    DetailView.preload();
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
        <LoadFailed status="warning" title={t('screen.loadFailed')} />
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
