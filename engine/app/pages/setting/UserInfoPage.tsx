import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Descriptions, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { uploadFile } from '../../../files/fileApi';
import { acceptAttribute, checkFile, uploadConfig } from '../../../files/uploadRules';
import { menuStore } from '../../../menu/menuStore';
import { flattenMenus } from '../../../menu/menuTree';
import { useAvatarUrl } from '../../../session/avatar';
import { userStore } from '../../../session/userStore';
import { useStore } from '../../../store/createStore';
import { SecondFactorCard } from './SecondFactorCard';
import { SessionsCard } from './SessionsCard';

const dash = (value: string | null | undefined) => value || '--';

/** The personal centre's menu: its isModify lets the user change the avatar. */
const PERSONAL_MENU = 'Setting.Personal.Center';
/** Spec 000 section 9: a jpg or png of at most 2 MB. */
const AVATAR = uploadConfig({ purpose: 'avatar' });

/**
 * Personal data and avatar. The avatar is a file id (UserInfo.url): a new jpg or png of at most 2 MB
 * is checked here, uploaded (ISrmFileService/uploadFile?purpose=avatar), becomes the user's url at once
 * and shows here and in the top bar.
 */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { info, name, avatar } = useStore(userStore);
  const src = useAvatarUrl(avatar);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { tree } = useStore(menuStore);
  const canChange = useMemo(
    () => flattenMenus(tree).some((m) => m.menuNo === PERSONAL_MENU && m.isModify === 'Y'),
    [tree],
  );
  if (!info) return null;

  const changeAvatar = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkFile(AVATAR, file);
    if (refusal) {
      void message.warning(t(refusal.key, refusal.params));
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadFile('avatar', file, { moduleNumber: PERSONAL_MENU });
      const current = userStore.get().info;
      userStore.set({ avatar: saved.id, info: current ? { ...current, url: saved.id } : current });
      void message.success(t('user.avatarSaved'));
    } catch {
      // The request layer has shown the server's refusal.
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <div className="page-card">
        <Space align="center" size={16} style={{ marginBottom: 20 }}>
          <Avatar
            size={64}
            src={src}
            icon={src ? undefined : <UserOutlined />}
            style={{ background: src ? undefined : '#0958d9' }}
            aria-label={t('user.avatar')}
            data-avatar={src ? 'image' : 'initial'}
          >
            {src ? undefined : name?.slice(0, 1)}
          </Avatar>
          <div>
            <div style={{ fontSize: 18, fontWeight: 600 }}>{info.userName}</div>
            <div style={{ color: '#595959' }}>{info.userNo}</div>
          </div>
          {canChange && (
            <Button
              icon={<CameraOutlined />}
              loading={uploading}
              onClick={() => input.current?.click()}
              data-action="changeAvatar"
            >
              {t('user.changeAvatar')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptAttribute(AVATAR)}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              void changeAvatar(file);
            }}
          />
          <Button onClick={() => navigate('/setting/password')}>{t('route.password')}</Button>
        </Space>
        {canChange && (
          <div
            className="user-info__avatar-hint"
            style={{ color: '#595959', fontSize: 12, marginTop: -12, marginBottom: 16 }}
          >
            {t('upload.hint', { types: AVATAR.accept.join(', '), size: AVATAR.maxSizeMb })}
          </div>
        )}
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
      <SecondFactorCard />
      <SessionsCard />
    </>
  );
}
