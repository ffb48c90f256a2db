import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appConfigQuery, publicSettingsQuery } from '@/features/auth/auth.api';
import { useSession } from '@/app/session';
import { canReadOrgSettings, orgSettingsQuery } from '@/features/org-settings/org-settings.api';
import { applyTheme, storedTheme } from '@/lib/theme';
import { useCurrentUser } from '@/app/current-user';

/** The settings record when the caller may read it; null otherwise. */
export function useOrgSettings() {
  const user = useCurrentUser();
  return useQuery({ ...orgSettingsQuery, enabled: canReadOrgSettings(user) });
}

/**
 * The header's organization name: the settings' organization or company name, else this association's name as its
 * public settings give it (to callers who may not read the settings: owners), else the instance's.
 */
export function useOrganizationName(): string {
  const settings = useOrgSettings();
  const { sessionKey } = useSession();
  const association = useQuery(publicSettingsQuery(sessionKey));
  const appConfig = useQuery(appConfigQuery);
  return settings.data?.organization_name || settings.data?.company_name || association.data?.name || appConfig.data?.name || 'Covenant';
}

/** The theme comes from the settings when they carry one, else from this browser (spec part 1, section 4). */
export function useThemeFromSettings(): void {
  const settings = useOrgSettings();
  const appConfig = useQuery(appConfigQuery);
  const theme = settings.data?.theme || appConfig.data?.theme;
  useEffect(() => {
    applyTheme(theme || storedTheme());
  }, [theme]);
}
