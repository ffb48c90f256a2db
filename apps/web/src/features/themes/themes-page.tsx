import { THEMES } from '@covenant/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListPage } from '@/components/list-page';
import { Card, CardContent } from '@/components/ui/card';
import { update } from '@/lib/entities';
import { isAdminUser } from '@/lib/roles';
import { storedTheme, storeTheme, type Theme } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/app/current-user';
import { useOrgSettings } from '@/app/organization';

const RELOAD_DELAY_MS = 100;

/** Swatch colours, the same as each theme's --primary in index.css. */
const SWATCH: Record<Theme, string> = {
  red: 'oklch(0.577 0.245 27.325)',
  blue: 'oklch(0.546 0.245 262.881)',
  purple: 'oklch(0.558 0.288 302.321)',
  orange: 'oklch(0.646 0.222 41.116)',
  green: 'oklch(0.527 0.154 150.069)',
};

const label = (theme: Theme) => theme.charAt(0).toUpperCase() + theme.slice(1);

/** Themes (spec part 1, section 2): stored locally and in the settings when a record exists, then a reload. */
export default function ThemesPage() {
  const user = useCurrentUser();
  const settings = useOrgSettings();
  const current = (settings.data?.theme as Theme | null | undefined) || storedTheme();
  const [chosen, setChosen] = useState<Theme | null>(null);
  const save = useMutation({
    mutationFn: async (theme: Theme) => {
      storeTheme(theme);
      if (settings.data && isAdminUser(user)) await update('OrgSettings', settings.data.id, { theme });
    },
    onSuccess: () => setTimeout(() => window.location.reload(), RELOAD_DELAY_MS),
    onError: (error) => toast.error(`Failed to save theme: ${error.message}`),
  });

  return (
    <ListPage
      title="Themes"
      description="Choose the colour of the application"
      className="max-w-4xl"
    >
      <div role="radiogroup" aria-label="Theme" className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {THEMES.map((theme) => {
          const isCurrent = (chosen ?? current) === theme;
          return (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={isCurrent}
              disabled={save.isPending}
              onClick={() => {
                setChosen(theme);
                save.mutate(theme);
              }}
              className="focus-visible:ring-ring/50 rounded-xl text-left outline-none focus-visible:ring-[3px]"
            >
              <Card className={cn('gap-3 py-4 transition-colors', isCurrent ? 'border-primary ring-primary ring-2' : 'hover:border-foreground/30')}>
                <CardContent className="flex items-center gap-3 px-4">
                  <span className="flex size-10 items-center justify-center rounded-full" style={{ background: SWATCH[theme] }}>
                    {isCurrent ? <CheckIcon className="size-5 text-white" aria-hidden="true" /> : null}
                  </span>
                  <span className="font-medium">{label(theme)}</span>
                </CardContent>
              </Card>
            </button>
          );
        })}
      </div>
    </ListPage>
  );
}
