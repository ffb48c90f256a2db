import { useQuery } from '@tanstack/react-query';
import { Building2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { appConfigQuery } from '@/features/auth/auth.api';

interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every signed-out screen uses. */
export function AuthScreen({ title, description, children, footer }: AuthScreenProps) {
  const appConfig = useQuery(appConfigQuery);
  const appName = appConfig.data?.name ?? 'Covenant';

  return (
    <main className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-4 sm:p-6">
      <title>{`${title} · ${appName}`}</title>
      <div className="flex items-center gap-2 text-lg font-semibold">
        <span className="bg-primary text-primary-foreground flex size-9 items-center justify-center rounded-md">
          <Building2Icon className="size-5" aria-hidden="true" />
        </span>
        {appName}
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="text-muted-foreground justify-center text-sm">{footer}</CardFooter> : null}
      </Card>
    </main>
  );
}
