import type { Menu } from '@schemas/generated/menu';
import { Card, Col, Descriptions, Row, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuStore } from '../../../menu/menuStore';
import { useDashboard } from '../../../pages/dashboard/DashboardPage';
import DashboardView from '../../../pages/dashboard/DashboardView';
import { loadScreen } from '../../../screens/load';
import type { NormalisedScreen } from '../../../screens/types';
import { userStore } from '../../../session/userStore';
import { useStore } from '../../../store/createStore';
import '../../../pages/dashboard/dashboard.css';

/** The home page: who is logged in, then the dashboard screen (screens/index/dashboard.json). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useStore(userStore);
  const info = user.info;
  const [screen, setScreen] = useState<NormalisedScreen>();
  useEffect(() => {
    let alive = true;
    loadScreen('/dashboard').then((s) => alive && setScreen(s));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <div className="page-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user.name ?? '' })}
      </Typography.Title>
      {info && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('user.org')}>{info.orgName || info.orgNo}</Descriptions.Item>
          {info.warehouseName && (
            <Descriptions.Item label={t('user.warehouse')}>{info.warehouseName}</Descriptions.Item>
          )}
          {info.supplierName && (
            <Descriptions.Item label={t('user.supplier')}>{info.supplierName}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      {screen ? <Cards screen={screen} /> : <Spin />}
    </div>
  );
}

function Cards({ screen }: { screen: NormalisedScreen }) {
  const controller = useDashboard(screen);
  return <DashboardView controller={controller} favourites={<Favourites />} />;
}

function Favourites() {
  const navigate = useNavigate();
  const { favourites } = useStore(menuStore);
  const open = (menu: Menu) => {
    if (menu.menuType === 'route') navigate(menu.url);
  };
  return (
    <Row gutter={[12, 12]}>
      {favourites.map((menu) => (
        <Col key={menu.menuNo} xs={12} md={8}>
          <Card size="small" hoverable onClick={() => open(menu)}>
            {menu.menuName}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
