import type { Menu } from '@schemas/generated/menu';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuStore } from '../../../menu/menuStore';
import { userStore } from '../../../session/userStore';
import { useStore } from '../../../store/createStore';

/** A plain dashboard until the index module gets its own screens. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useStore(userStore);
  const { favourites } = useStore(menuStore);
  const info = user.info;
  const open = (menu: Menu) => {
    if (menu.menuType === 'route') navigate(menu.url);
  };

  return (
    <div className="page-card">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user.name ?? '' })}
      </Typography.Title>
      {info && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('user.org')}>{info.orgName || info.orgNo}</Descriptions.Item>
          {info.warehouseName && (
            <Descriptions.Item label={t('user.warehouse')}>{info.warehouseName}</Descriptions.Item>
          )}
          {info.supplierName && (
            <Descriptions.Item label={t('user.supplier')}>{info.supplierName}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      {favourites.length > 0 && (
        <>
          <Typography.Title level={5}>{t('dashboard.favourites')}</Typography.Title>
          <Row gutter={[12, 12]}>
            {favourites.map((menu) => (
              <Col key={menu.menuNo} xs={12} md={6} xl={4}>
                <Card size="small" hoverable onClick={() => open(menu)}>
                  {menu.menuName}
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </div>
  );
}
