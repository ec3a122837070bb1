import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdRoot } from '../../AntdRoot';
import { usePageTitle } from '../../usePageTitle';

/** Public announcements: the server has no announcement call yet, so the list is honestly empty. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.announcement'));
  return (
    <AntdRoot>
      <div className="page-fill">
        <Empty description={t('announcement.empty')} />
      </div>
    </AntdRoot>
  );
}
