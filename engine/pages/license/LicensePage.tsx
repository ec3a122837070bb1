import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AntdRoot } from '../../app/AntdRoot';
import { usePageTitle } from '../../app/usePageTitle';
import { logout } from '../../session/session';

export default function LicensePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(t('route.license'));
  return (
    <AntdRoot>
      <div className="page-fill">
        <Result
          status="warning"
          title={t('license.title')}
          subTitle={t('license.text')}
          extra={
            <Button type="primary" onClick={async () => navigate(await logout(location.pathname))}>
              {t('layout.logout')}
            </Button>
          }
        />
      </div>
    </AntdRoot>
  );
}
