import { Button, Result, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pageTitle } from '../../usePageTitle';

/** What a denied route hands the page: the address the user asked for. */
export interface RouteDeniedState {
  from?: string;
}

/** A page before this one in the tab's history (a bookmark opened in a new tab has none). */
const canGoBack = () => window.history.length > 1;

/**
 * The one answer to an address the user may not open, whatever the reason: a screen whose menu the
 * user lacks, a page of the other side (supplier or purchaser), a page of no one (an unknown or
 * mistyped address). Telling them apart would tell a supplier which addresses exist on the other side;
 * every case gets the same page, in the user's language, with the address asked for and a way back.
 */
export default function RouteDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as RouteDeniedState | null)?.from;
  useEffect(() => {
    document.title = pageTitle(t('route.denied'));
  }, [t]);
  return (
    <div className="page-fill" data-page="route-denied">
      <Result
        status="404"
        title={t('route.denied')}
        subTitle={
          <>
            <p>{t('route.deniedText')}</p>
            {from && <code className="route-denied__path">{from}</code>}
          </>
        }
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              {t('route.backHome')}
            </Button>
            {canGoBack() && <Button onClick={() => navigate(-1)}>{t('route.back')}</Button>}
          </Space>
        }
      />
    </div>
  );
}
