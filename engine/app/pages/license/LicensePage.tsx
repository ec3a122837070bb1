import { Button, Input, Result, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuStore } from '../../../menu/menuStore';
import { flattenMenus } from '../../../menu/menuTree';
import { request } from '../../../request';
import { logout } from '../../../session/session';
import { useStore } from '../../../store/createStore';
import { AntdRoot } from '../../AntdRoot';
import { toast } from '../../toast';
import { usePageTitle } from '../../usePageTitle';

const LICENSE_MENU = 'BaseManage.Security.License';

/** Not licensed (spec 000 section 4): the notice, and for an administrator the activation by key. */
export default function LicensePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { tree } = useStore(menuStore);
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  usePageTitle(t('route.license'));
  const canActivate = flattenMenus(tree).some((m) => m.menuNo === LICENSE_MENU && m.isModify === 'Y');

  const activate = async () => {
    setSaving(true);
    try {
      await request(
        'ISysLicenseService/activateLicense',
        { licenseKey: key.trim() },
        { moduleNumber: LICENSE_MENU },
      );
      toast.success(t('license.activated'));
      // The start-up guard checks the licence again on a fresh load.
      window.location.assign('/');
    } catch {
      setSaving(false);
    }
  };

  return (
    <AntdRoot>
      <div className="page-fill">
        <Result
          status="warning"
          title={t('license.title')}
          subTitle={t('license.text')}
          extra={
            <Space direction="vertical" style={{ width: 520, maxWidth: '90vw' }}>
              {canActivate && (
                <>
                  <Input.TextArea
                    rows={4}
                    value={key}
                    placeholder={t('license.keyPlaceholder')}
                    onChange={(e) => setKey(e.target.value)}
                    data-license-key
                  />
                  <Button type="primary" disabled={!key.trim()} loading={saving} onClick={activate}>
                    {t('license.activate')}
                  </Button>
                </>
              )}
              <Button onClick={async () => navigate(await logout(location.pathname))}>
                {t('layout.logout')}
              </Button>
            </Space>
          }
        />
      </div>
    </AntdRoot>
  );
}
