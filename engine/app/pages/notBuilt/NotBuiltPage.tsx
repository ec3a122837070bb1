import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu the server lists whose screen has not been written yet: say so instead of a blank page. */
export default function NotBuiltPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-card">
      <Result status="info" title={title} subTitle={t('route.notBuilt')} />
    </div>
  );
}
