import {
  AppstoreOutlined,
  CheckOutlined,
  DownOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { appStore, setSize, toggleSidebar, type UiSize } from '../../app/appStore';
import { useLanguages } from '../../app/useLanguages';
import { useAvatarUrl } from '../../session/avatar';
import { userStore } from '../../session/userStore';
import { useStore } from '../../store/createStore';
import { NoticeBell } from '../notices/NoticeBell';

interface Props {
  onOpenPanel: () => void;
  onLogout: () => void;
  onShortcuts: () => void;
}

const SIZES: { value: UiSize; key: string }[] = [
  { value: 'large', key: 'layout.sizeLarge' },
  { value: 'middle', key: 'layout.sizeMiddle' },
  { value: 'small', key: 'layout.sizeSmall' },
];

export function TopBar({ onOpenPanel, onLogout, onShortcuts }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { sidebarOpened, size } = useStore(appStore);
  const user = useStore(userStore);
  const avatar = useAvatarUrl(user.avatar);
  const languages = useLanguages((text) => message.success(text));
  const current = languages.options.find((l) => l.languageCode === languages.current);

  return (
    <header className="topbar">
      <Tooltip title={t('layout.toggleSidebar')}>
        <Button
          type="text"
          className="topbar__icon"
          icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
          aria-label={t('layout.toggleSidebar')}
        />
      </Tooltip>
      <a
        className="topbar__brand"
        href="/dashboard"
        onClick={(e) => {
          e.preventDefault();
          navigate('/dashboard');
        }}
      >
        <span className="topbar__logo">W</span>
        <span className="topbar__title">{t('login.title')}</span>
      </a>
      <Button className="topbar__panel" type="text" icon={<AppstoreOutlined />} onClick={onOpenPanel}>
        {t('layout.openMenuPanel')}
      </Button>
      <div className="topbar__spacer" />
      <NoticeBell />
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [languages.current],
          items: languages.options.map((l) => ({
            key: l.languageCode,
            label: l.description,
            disabled: l.languageCode === languages.current,
          })),
          onClick: ({ key }) => languages.change(key),
        }}
      >
        <Button
          type="text"
          className="topbar__item"
          icon={<GlobalOutlined />}
          loading={languages.switching}
          aria-label={`${t('a11y.language')}: ${current?.description ?? languages.current}`}
        >
          {current?.description ?? languages.current}
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: SIZES.map((s) => ({
            key: s.value,
            label: t(s.key),
            icon: s.value === size ? <CheckOutlined /> : <span className="topbar__check-space" />,
            disabled: s.value === size,
          })),
          onClick: ({ key }) => {
            setSize(key as UiSize);
            message.success(t('layout.sizeChanged'));
          },
        }}
      >
        <Tooltip title={t('layout.size')}>
          <Button
            type="text"
            className="topbar__icon"
            icon={<FontSizeOutlined />}
            aria-label={t('layout.size')}
          />
        </Tooltip>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'settings', icon: <SettingOutlined />, label: t('layout.userSettings') },
            { key: 'shortcuts', icon: <QuestionCircleOutlined />, label: t('shortcuts.title'), extra: '?' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), extra: 'Ctrl+Shift+Q' },
          ],
          onClick: ({ key }) =>
            key === 'logout'
              ? onLogout()
              : key === 'shortcuts'
                ? onShortcuts()
                : navigate('/setting/user-info'),
        }}
      >
        <Button
          type="text"
          className="topbar__user"
          data-testid="user-menu"
          aria-label={`${t('a11y.userMenu')}: ${user.name ?? ''}`}
        >
          <Avatar
            size="small"
            src={avatar}
            icon={avatar ? undefined : <UserOutlined />}
            className="topbar__avatar"
            data-avatar={avatar ? 'image' : 'initial'}
          >
            {avatar ? undefined : user.name?.slice(0, 1)}
          </Avatar>
          <span>{user.name}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
    </header>
  );
}
