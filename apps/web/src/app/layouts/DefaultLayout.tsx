import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccountPanel } from '../account/AccountPanel';
import { BusyFallback } from '../loading/BusyFallback';
import { useUser } from '../session/useSession';
import { Sidebar } from '../sidebar/Sidebar';
import {
  NARROW_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_NARROW_WIDTH,
  SIDEBAR_WIDTH,
} from '../sidebar/sidebar-constants';
import { TopBar } from './TopBar';

/** The logged-in layout: sidebar (220 / 80 collapsed / 60 narrow), top bar and account panel. */
export function DefaultLayout() {
  const user = useUser();
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'regcheck.sidebarCollapsed', defaultValue: false });
  const [accountOpen, account] = useDisclosure(false);
  const compact = narrow || collapsed;
  const width = narrow ? SIDEBAR_NARROW_WIDTH : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <TopBar
          user={user}
          collapsed={collapsed}
          narrow={narrow}
          onToggleSidebar={() => setCollapsed((c) => !c)}
          onOpenAccount={account.open}
        />
      </AppShell.Header>
      <AppShell.Navbar data-compact={compact || undefined}>
        <Sidebar user={user} compact={compact} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<BusyFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AccountPanel user={user} opened={accountOpen} onClose={account.close} />
    </AppShell>
  );
}
