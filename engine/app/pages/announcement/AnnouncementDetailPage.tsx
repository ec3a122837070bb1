import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdRoot } from '../../AntdRoot';
import { usePageTitle } from '../../usePageTitle';

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
