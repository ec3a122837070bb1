import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pageTitle } from '../../usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = pageTitle(t('route.notFound'));
  }, [t]);
  return (
    <div className="page-fill">
      <Result
        status="404"
        title="404"
        subTitle={t('route.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('route.backHome')}
          </Button>
        }
      />
    </div>
  );
}
