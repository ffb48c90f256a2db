import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusinessIcon, Building2Icon, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  Sidebar, SidebarContent, SidebarGroup, SidebarGroupContent, SidebarGroupLabel, SidebarHeader, SidebarMenu,
  SidebarMenuButton, SidebarMenuItem, SidebarRail, useSidebar,
} from '@/components/ui/sidebar';
import { NAV_SECTIONS, navEntryFor, pageUrl } from '@/app/navigation';
import { useCurrentUser } from '@/app/current-user';
import { useOrganizationName } from '@/app/organization';
import { myAssociationsQuery } from '@/features/portfolio/portfolio.api';

export function AppSidebar() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const name = useOrganizationName();
  const current = pathname.split('/')[1]?.toLowerCase() || 'dashboard';
  const isPortfolioAdmin = useQuery(myAssociationsQuery).data?.portfolio_admin === true;

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
            .filter((entry) => entry.visible)
            .map(({ item, title }) => ({ key: item.page.toLowerCase(), to: pageUrl(item.page), title, icon: item.icon }));
          return <MenuGroup key={section.title} title={section.title} entries={entries} current={current} onPick={() => setOpenMobile(false)} />;
        })}
        {isPortfolioAdmin ? (
          <MenuGroup
            title="Management company"
            entries={[{ key: 'portfolio', to: '/portfolio', title: 'Portfolio', icon: BriefcaseBusinessIcon }]}
            current={current}
            onPick={() => setOpenMobile(false)}
          />
        ) : null}
        </nav>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}

interface MenuEntry {
  key: string;
  to: string;
  title: string;
  icon: LucideIcon;
}

/** A titled group of the menu; nothing when the caller may open none of its items. */
function MenuGroup({ title, entries, current, onPick }: { title: string; entries: readonly MenuEntry[]; current: string; onPick: () => void }) {
  if (entries.length === 0) return null;
  return (
    <SidebarGroup role="group" aria-label={title}>
      <SidebarGroupLabel>{title}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {entries.map((entry) => (
            <SidebarMenuItem key={entry.key}>
              <SidebarMenuButton asChild isActive={current === entry.key} tooltip={entry.title}>
                <Link to={entry.to} onClick={onPick}>
                  <entry.icon aria-hidden="true" />
                  <span>{entry.title}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}
