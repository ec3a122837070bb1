import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userStore } from '../../session/userStore';
import { useStore } from '../../store/createStore';

const dash = (value: string | null | undefined) => value || '--';

/**
 * Personal data and avatar. The avatar is a file id (UserInfo.url); the contract has no file or
 * avatar-upload call yet, so the page shows the initial instead of an image and offers no upload.
 */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { info, name } = useStore(userStore);
  if (!info) return null;
  return (
    <div className="page-card">
      <Space align="center" size={16} style={{ marginBottom: 20 }}>
        <Avatar
          size={64}
          icon={<UserOutlined />}
          style={{ background: '#1677ff' }}
          aria-label={t('user.avatar')}
        >
          {name?.slice(0, 1)}
        </Avatar>
        <div>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{info.userName}</div>
          <div style={{ color: '#8c8c8c' }}>{info.userNo}</div>
        </div>
        <Button onClick={() => navigate('/setting/password')}>{t('route.password')}</Button>
      </Space>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('user.userNo')}>{info.userNo}</Descriptions.Item>
        <Descriptions.Item label={t('user.userName')}>{info.userName}</Descriptions.Item>
        <Descriptions.Item label={t('user.org')}>{dash(info.orgName || info.orgNo)}</Descriptions.Item>
        <Descriptions.Item label={t('user.warehouse')}>
          {dash(info.warehouseName || info.warehouseNo)}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.supplier')}>
          {dash(info.supplierName || info.supplierNo)}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.phone')}>{dash(info.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('user.email')}>{dash(info.email)}</Descriptions.Item>
        <Descriptions.Item label={t('user.roles')}>
          {info.roles?.length ? info.roles.map((r) => <Tag key={r}>{r}</Tag>) : '--'}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.orgScope')} span={2}>
          {info.sysUserOrgResDtoList?.map((o) => <Tag key={o.orgNo}>{o.orgName || o.orgNo}</Tag>) ?? '--'}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.warehouseScope')} span={2}>
          {info.sysUserWarehouseResDtoList?.length
            ? info.sysUserWarehouseResDtoList.map((w) => (
                <Tag key={w.warehouseNo}>{w.warehouseName || w.warehouseNo}</Tag>
              ))
            : '--'}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.classifyScope')} span={2}>
          {info.sysUserClassifyTypeResDtoList?.length
            ? info.sysUserClassifyTypeResDtoList.map((c) => (
                <Tag key={c.classifyType}>{c.classifyTypeName || c.classifyType}</Tag>
              ))
            : '--'}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
