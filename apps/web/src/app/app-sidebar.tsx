import { Building2Icon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  Sidebar, SidebarContent, SidebarGroup, SidebarGroupContent, SidebarGroupLabel, SidebarHeader, SidebarMenu,
  SidebarMenuButton, SidebarMenuItem, SidebarRail, useSidebar,
} from '@/components/ui/sidebar';
import { NAV_SECTIONS, navEntryFor, pageUrl } from '@/app/navigation';
import { useCurrentUser } from '@/app/current-user';
import { useOrganizationName } from '@/app/organization';

export function AppSidebar() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const name = useOrganizationName();
  const current = pathname.split('/')[1]?.toLowerCase() || 'dashboard';

  return (
    <Sidebar collapsible="icon" aria-label="Main menu">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={name}>
              <Link to="/" onClick={() => setOpenMobile(false)}>
                <span className="bg-primary text-primary-foreground flex aspect-square size-8 items-center justify-center rounded-lg">
                  <Building2Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="truncate font-semibold">{name}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main menu" className="contents">
        {NAV_SECTIONS.map((section) => {
          const entries = section.items
            .map((item) => ({ item, ...navEntryFor(user, item) }))
            .filter((entry) => entry.visible);
          if (entries.length === 0) return null;
          return (
            <SidebarGroup key={section.title} role="group" aria-label={section.title}>
              <SidebarGroupLabel>{section.title}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {entries.map(({ item, title }) => (
                    <SidebarMenuItem key={item.page}>
                      <SidebarMenuButton asChild isActive={current === item.page.toLowerCase()} tooltip={title}>
                        <Link to={pageUrl(item.page)} onClick={() => setOpenMobile(false)}>
                          <item.icon aria-hidden="true" />
                          <span>{title}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          );
        })}
        </nav>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
