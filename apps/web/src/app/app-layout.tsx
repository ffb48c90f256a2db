import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { AppHeader } from '@/app/app-header';
import { AppSidebar } from '@/app/app-sidebar';
import { DebugPanel } from '@/app/debug-panel';
import { usePostUrlToParent } from '@/app/embedding';
import { useThemeFromSettings } from '@/app/organization';
import { usePageViewLogging } from '@/app/page-view-logging';

/** The sidebar's collapsed state survives reloads in the `sidebar_state` cookie the sidebar writes. */
function sidebarOpenFromCookie(): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(document.cookie);
  return match ? match[1] === 'true' : true;
}

/** The frame of every signed-in screen (spec part 1, section 2): sidebar, header, page. */
export function AppLayout() {
  usePageViewLogging();
  usePostUrlToParent();
  useThemeFromSettings();

  return (
    <SidebarProvider defaultOpen={sidebarOpenFromCookie()}>
      <AppSidebar />
      <SidebarInset className="bg-muted/40 min-w-0">
        <AppHeader />
        <div className="flex flex-1 flex-col">
          <Outlet />
        </div>
        <DebugPanel />
      </SidebarInset>
    </SidebarProvider>
  );
}
