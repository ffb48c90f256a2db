import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appConfigQuery } from '@/features/auth/auth.api';
import { canReadOrgSettings, orgSettingsQuery } from '@/features/org-settings/org-settings.api';
import { applyTheme, storedTheme } from '@/lib/theme';
import { useCurrentUser } from '@/app/current-user';

/** The settings record when the caller may read it; null otherwise. */
export function useOrgSettings() {
  const user = useCurrentUser();
  return useQuery({ ...orgSettingsQuery, enabled: canReadOrgSettings(user) });
}

/** The header's organization name: the settings' organization or company name, else the app's name. */
export function useOrganizationName(): string {
  const settings = useOrgSettings();
  const appConfig = useQuery(appConfigQuery);
  return settings.data?.organization_name || settings.data?.company_name || appConfig.data?.name || 'Covenant';
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
