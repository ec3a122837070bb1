import {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarcodeOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GoldOutlined,
  ImportOutlined,
  InboxOutlined,
  LinkOutlined,
  MessageOutlined,
  MonitorOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// Only the icons the seeded menus use are bundled: a dynamic import of the whole icon set cannot be
// split by the bundler and pulled ~200 KB gzip into every chunk that uses any icon, login included.
// Other names show the generic icon; add them here when an admin needs one.
const KNOWN: Record<string, ComponentType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarcodeOutlined,
  CarOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GoldOutlined,
  ImportOutlined,
  InboxOutlined,
  LinkOutlined,
  MessageOutlined,
  MonitorOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && KNOWN[name]) || AppstoreOutlined;
  return <Icon />;
}
