import { PERMISSION_LEVELS, RESOURCE_KEYS, SYSTEM_ROLE_DEFINITIONS, type PermissionLevel, type ResourceKey } from '@covenant/contracts/constants';
import { deriveFlags, normalizeRoleName, resolvePermissionLevel } from '@covenant/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LockIcon, SaveIcon, ShieldPlusIcon, UndoIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Privilege, Role } from '@covenant/contracts/entity-records';
import { ListPage } from '@/components/list-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { create, deleteMany, entityKeys, invokeFunction, list, useLiveEntities } from '@/lib/entities';
import { isAdminUser } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/app/current-user';
import { permissionLevelOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';

const RESOURCE_LABELS: Record<ResourceKey, string> = {
  dashboard: 'Dashboard',
  owners: 'Owners',
  properties: 'Properties',
  invoices: 'Invoices',
  payments: 'Payments',
  items: 'Items',
  tax_rates: 'Tax Rates',
  vendors: 'Vendors',
  bills: 'Bills',
  chart_of_accounts: 'Chart of Accounts',
  reports: 'Reports',
  users: 'Users',
  org_settings: 'Organization Settings',
  backup: 'Backup & Restore',
  role_management: 'Role Management',
  violations: 'Violations',
  architectural_requests: 'Architectural Requests',
  work_orders: 'Work Orders',
  announcements: 'Announcements',
  documents: 'Documents',
  meetings: 'Meetings',
  votes: 'Votes',
  estoppel: 'Estoppel Certificates',
};

const LEVEL_LABELS: Record<PermissionLevel, string> = {
  read_write: 'Read & Write',
  read: 'Read',
  own_records: 'Own Records',
  none: 'None',
};

// Bounded: seven system roles (plus any custom ones) times twenty-three resources.
const rolesQuery = { queryKey: entityKeys.list('Role', { sort: 'created_date', limit: 100 }), queryFn: () => list<Role>('Role', { sort: 'created_date', limit: 100 }) };
const privilegesQuery = { queryKey: entityKeys.list('Privilege', { limit: 5000 }), queryFn: () => list<Privilege>('Privilege', { limit: 5000 }) };

const cellKey = (role: string, resource: ResourceKey) => `${role}|${resource}`;
const isAdminRole = (role: string) => normalizeRoleName(role) === 'admin';

/** Role & Privilege Management (spec part 1, sections 2 and 5 'Privileges matrix'). */
export default function RoleManagementPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const canEdit = isAdminUser(user) || permissionLevelOf(user, 'role_management') === 'read_write';
  const roles = useQuery(rolesQuery);
  const privileges = useQuery(privilegesQuery);
  const [changes, setChanges] = useState<Map<string, PermissionLevel>>(new Map());
  useLiveEntities('Role', 'Privilege');

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: entityKeys.all('Role') }),
      queryClient.invalidateQueries({ queryKey: entityKeys.all('Privilege') }),
    ]);

  const save = useMutation({
    mutationFn: async (pending: Map<string, PermissionLevel>) => {
      for (const [key, level] of pending) {
        const [role_name, resource_name] = key.split('|') as [string, ResourceKey];
        await deleteMany('Privilege', { role_name, resource_name });
        await create('Privilege', { role_name, resource_name, permission_level: level, ...deriveFlags(level) });
      }
    },
    onSuccess: async () => {
      setChanges(new Map());
      await refresh();
      toast.success('Privileges updated successfully!');
    },
    onError: async (error) => {
      await refresh();
      toast.error(`Failed to save privileges: ${error.message}`);
    },
  });

  const initialize = useMutation({
    mutationFn: () => invokeFunction('initializeDefaultRoles', {}),
    onSuccess: async () => {
      await refresh();
      toast.success('Default roles and privileges initialized successfully!');
    },
    onError: (error) => toast.error(`Failed to initialize roles: ${error.message}`),
  });

  if (isForbidden(roles.error) || isForbidden(privileges.error)) return <NoAccess />;

  const saved = (role: string, resource: ResourceKey) => resolvePermissionLevel(role, resource, privileges.data ?? []);
  const onCell = (role: string, resource: ResourceKey, level: PermissionLevel) => {
    setChanges((current) => {
      const next = new Map(current);
      if (saved(role, resource) === level) next.delete(cellKey(role, resource));
      else next.set(cellKey(role, resource), level);
      return next;
    });
  };

  // The spec's order of the system roles (admin first), then any custom role by name.
  const rank = (role: Role) => {
    const index = SYSTEM_ROLE_DEFINITIONS.findIndex((d) => d.role_name === role.role_name);
    return index === -1 ? SYSTEM_ROLE_DEFINITIONS.length : index;
  };
  const roleList = [...(roles.data ?? [])].sort((a, b) => rank(a) - rank(b) || a.role_name.localeCompare(b.role_name));

  return (
    <ListPage
      title="Role Management"
      heading="Role & Privilege Management"
      description="What each role may do on each part of the application"
      actions={
        <>
          {canEdit && roles.isSuccess && roleList.length === 0 ? (
            <Button onClick={() => initialize.mutate()} disabled={initialize.isPending}>
              <ShieldPlusIcon aria-hidden="true" />
              {initialize.isPending ? 'Initializing...' : 'Initialize Default Roles'}
            </Button>
          ) : null}
          {changes.size > 0 ? (
            <>
              <Button variant="outline" onClick={() => setChanges(new Map())} disabled={save.isPending}>
                <UndoIcon aria-hidden="true" />
                Discard
              </Button>
              <Button onClick={() => save.mutate(changes)} disabled={save.isPending}>
                <SaveIcon aria-hidden="true" />
                {save.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : null}
        </>
      }
    >

      {changes.size > 0 ? (
        <Alert className="border-amber-300 bg-amber-50 text-amber-900" role="status">
          <AlertDescription className="text-amber-900">You have {changes.size} unsaved changes</AlertDescription>
        </Alert>
      ) : null}
      {!canEdit ? (
        <Alert role="status">
          <LockIcon aria-hidden="true" />
          <AlertDescription>You can view the privileges; only an administrator can change them.</AlertDescription>
        </Alert>
      ) : null}

      {roles.isPending || privileges.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : roles.isError || privileges.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{(roles.error ?? privileges.error)?.message}</AlertDescription>
        </Alert>
      ) : roleList.length === 0 ? (
        <Card>
          <CardContent className="text-muted-foreground py-10 text-center">No roles exist yet. Initialize the default roles to get started.</CardContent>
        </Card>
      ) : (
        <Card className="py-0">
          <Table aria-label="Privileges by resource and role">
            <TableHeader>
              <TableRow>
                <TableHead className="bg-card sticky left-0 z-10 min-w-40">Resource</TableHead>
                {roleList.map((role) => (
                  <TableHead key={role.id} scope="col" className="min-w-40">
                    {role.display_name}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {RESOURCE_KEYS.map((resource) => (
                <TableRow key={resource}>
                  <TableHead scope="row" className="bg-card sticky left-0 z-10 font-medium">
                    {RESOURCE_LABELS[resource]}
                  </TableHead>
                  {roleList.map((role) => {
                    const locked = isAdminRole(role.role_name);
                    const key = cellKey(role.role_name, resource);
                    const isChanged = changes.has(key);
                    const value = locked ? 'read_write' : (changes.get(key) ?? saved(role.role_name, resource));
                    return (
                      <TableCell key={role.id} className={cn(isChanged && 'bg-amber-100')} data-changed={isChanged || undefined}>
                        <Select
                          value={value}
                          disabled={locked || !canEdit || save.isPending}
                          onValueChange={(level) => onCell(role.role_name, resource, level as PermissionLevel)}
                        >
                          <SelectTrigger
                            size="sm"
                            className={cn('w-full bg-background', isChanged && 'border-amber-500')}
                            aria-label={`${RESOURCE_LABELS[resource]} for ${role.display_name}`}
                          >
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {PERMISSION_LEVELS.map((level) => (
                              <SelectItem key={level} value={level}>
                                {LEVEL_LABELS[level]}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </ListPage>
  );
}
