import { BugIcon, ChevronDownIcon, KeyRoundIcon, LogOutIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { Switch } from '@/components/ui/switch';
import { initialsOf } from '@/lib/format';
import { roleLabelOf } from '@/lib/roles';
import { ChangePasswordDialog } from '@/app/change-password-dialog';
import { useCurrentUser } from '@/app/current-user';
import { setDebugMode, useDebugMode } from '@/app/debug-mode';
import { AssociationSwitcher } from '@/app/association-switcher';
import { useSession } from '@/app/session';

/** The two-factor forms and QR code load when the dialog is first opened, not with every screen. */
const TwoFactorDialog = lazy(() => import('@/app/two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));

export function AppHeader() {
  const user = useCurrentUser();
  const { signOut } = useSession();
  const isDebug = useDebugMode();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const [isEditingTwoFactor, setIsEditingTwoFactor] = useState(false);
  const name = user.full_name || user.email;

  return (
    <header className="bg-background sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <AssociationSwitcher />
      <div className="ml-auto flex items-center gap-3">
        <div className="flex items-center gap-2">
          <Switch id="debug-mode" checked={isDebug} onCheckedChange={setDebugMode} />
          <Label htmlFor="debug-mode" className="text-muted-foreground flex items-center gap-1 text-xs">
            <BugIcon className="size-3.5" aria-hidden="true" />
            <span className="hidden sm:inline">Debug mode</span>
            <span className="sr-only sm:hidden">Debug mode</span>
          </Label>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* The name starts with the visible name and role (WCAG 2.5.3, label in name); the initials are decoration,
                drawn by CSS so that they are not text of the button. */}
            <Button variant="ghost" className="h-10 gap-2 px-2" aria-label={`${name} ${roleLabelOf(user)} user menu`}>
              <Avatar className="size-8" aria-hidden="true">
                {user.photo_url ? <AvatarImage src={user.photo_url} alt="" /> : null}
                <AvatarFallback className="bg-primary/10 text-primary text-xs font-semibold before:content-[attr(data-initials)]" data-initials={initialsOf(name)} />
              </Avatar>
              <span className="hidden flex-col text-left leading-tight sm:flex">
                <span className="text-sm font-medium">{name}</span>{' '}
                <span className="text-muted-foreground text-xs">{roleLabelOf(user)}</span>
              </span>
              <ChevronDownIcon className="text-muted-foreground hidden sm:block" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="font-normal">
              <p className="text-sm font-medium">{name}</p>
              <p className="text-muted-foreground text-xs break-all">{user.email}</p>
              <p className="text-muted-foreground text-xs">{roleLabelOf(user)}</p>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setIsChangingPassword(true)}>
              <KeyRoundIcon aria-hidden="true" />
              Change password
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setIsEditingTwoFactor(true)}>
              <ShieldCheckIcon aria-hidden="true" />
              Two-factor authentication
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void signOut()}>
              <LogOutIcon aria-hidden="true" />
              Logout
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <ChangePasswordDialog open={isChangingPassword} onOpenChange={setIsChangingPassword} />
      {isEditingTwoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onOpenChange={setIsEditingTwoFactor} />
        </Suspense>
      )}
    </header>
  );
}
