import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdRoot } from '../../app/AntdRoot';
import { usePageTitle } from '../../app/usePageTitle';

export function AnnouncementDetailPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.announcementDetail'));
  return (
    <AntdRoot>
      <div className="page-fill">
        <Empty description={t('announcement.empty')} />
      </div>
    </AntdRoot>
  );
}
