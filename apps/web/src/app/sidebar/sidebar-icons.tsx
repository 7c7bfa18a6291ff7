import {
  IconBell,
  IconBook,
  IconBuilding,
  IconBuildingBank,
  IconDeviceDesktopAnalytics,
  IconEye,
  IconFilePlus,
  IconFolders,
  IconHelp,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconNews,
  IconReportAnalytics,
  IconSpeakerphone,
  IconUpload,
  IconUserSearch,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

/** Icon of each sidebar entry, by key. */
export const SIDEBAR_ICONS: Record<string, Icon> = {
  home: IconHome,
  records: IconFilePlus,
  history: IconHistory,
  allegations: IconSpeakerphone,
  individual_search: IconUserSearch,
  fichas: IconFolders,
  massiveBulks: IconUpload,
  reports: IconReportAnalytics,
  admins: IconUserShield,
  companies: IconBuilding,
  vigilancia: IconEye,
  bacen: IconBuildingBank,
  monitoring: IconDeviceDesktopAnalytics,
  manuals: IconBook,
  notifications: IconBell,
  users: IconUsers,
  dashboard: IconLayoutDashboard,
  news: IconNews,
  newsAdmin: IconNews,
  help: IconHelp,
};
