import { useQuery } from '@tanstack/react-query';
import { HomeIcon, MailIcon, PhoneIcon, UserIcon, UserPlusIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyCard, ListPage, ListSkeleton, RowActions, SearchBox } from '@/components/list-page';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { entityKeys, useLiveRefresh } from '@/lib/entities';
import { initialsOf } from '@/lib/format';
import { isAdminUser, roleLabelOf } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';
import { permissionLevelOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { fullName } from '@/features/owners/owners.api';
import { InviteUserDialog } from './invite-user-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { usersQuery, USERS_PAGE_SIZE, type UserRow } from './users.api';

function RolesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>About roles</h2>
        </CardTitle>
        <CardDescription>Every user has a system role and an application role.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm md:grid-cols-2">
        <div>
          <h3 className="mb-2 font-medium">System roles</h3>
          <ul className="text-muted-foreground space-y-1">
            <li>
              <span className="text-foreground font-medium">admin</span>: manages all users and settings.
            </li>
            <li>
              <span className="text-foreground font-medium">user</span>: can only view/edit their own user record.
            </li>
          </ul>
        </div>
        <div>
          <h3 className="mb-2 font-medium">Application roles</h3>
          <ul className="text-muted-foreground space-y-1">
            <li>
              <span className="text-foreground font-medium">property_manager</span>: manages properties, financials and users.
            </li>
            <li>
              <span className="text-foreground font-medium">owner</span>: views own properties and invoices.
            </li>
            <li>
              <span className="text-foreground font-medium">renter</span>: limited access to the assigned property.
            </li>
            <li>
              <span className="text-foreground font-medium">household_member</span>: view only access.
            </li>
            <li>
              <span className="text-foreground font-medium">guest_contact</span>: minimal access.
            </li>
            <li>
              <span className="text-foreground font-medium">board_member</span>: a director or officer; reads the community and the books, decides hearings and architectural requests.
            </li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

/** 'User Management' (spec part 1, section 2 'Users'); 'User Profile' for an own_records user. */
export default function UsersPage() {
  const me = useCurrentUser();
  const level = isAdminUser(me) ? 'read_write' : (permissionLevelOf(me, 'users') ?? 'none');
  const isProfile = level === 'own_records';
  const canManage = level === 'read_write';
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  useLiveRefresh(entityKeys.all('User'), 'User', 'Owner', 'Property');
  const users = useQuery(usersQuery(isProfile ? '' : deferredSearch));
  const list = users.data?.rows ?? [];
  const deleter = useDeleteRecord<UserRow>({ entity: 'User', noun: 'user' });

  if (isForbidden(users.error)) return <NoAccess />;

  return (
    <ListPage
      title={isProfile ? 'User Profile' : 'User Management'}
      description={isProfile ? 'Your user record' : 'Manage user roles, linked owners and assigned units'}
      className="max-w-6xl"
      error={users.error}
      actions={
        canManage ? (
          <Button onClick={() => setIsInviting(true)}>
            <UserPlusIcon aria-hidden="true" />
            Add User
          </Button>
        ) : null
      }
    >
      {!isProfile ? (
        <SearchBox
          label="Search users by name or email..."
          placeholder="Search users by name or email..."
          value={search}
          onChange={setSearch}
          className="max-w-md"
        />
      ) : null}

      {users.isPending ? (
        <ListSkeleton label="Loading users" cards />
      ) : list.length === 0 ? (
        <EmptyCard>No users found. Add your first user to get started.</EmptyCard>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Users">
          {list.map((user) => {
            const { owner, property } = user;
            const photo = owner?.photo_url || user.photo_url;
            const name = user.full_name || user.email;
            return (
              <li key={user.id} aria-label={name}>
                <Card className="h-full gap-4 py-5">
                  <CardHeader className="flex flex-row items-start gap-3 px-5">
                    <Avatar className="size-12">
                      {photo ? <AvatarImage src={photo} alt="" /> : null}
                      <AvatarFallback className="bg-primary/10 text-primary font-semibold">{initialsOf(name)}</AvatarFallback>
                    </Avatar>
                    <div className="min-w-0 flex-1 space-y-1">
                      <h2 className="truncate font-semibold">{user.full_name || '—'}</h2>
                      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{roleLabelOf(user)}</Badge>
                    </div>
                    <RowActions
                      name={name}
                      onEdit={canManage || isProfile ? () => setEditing(user) : undefined}
                      onDelete={canManage && user.id !== me.id ? () => deleter.ask(user) : undefined}
                    />
                  </CardHeader>
                  <CardContent className="text-muted-foreground space-y-1.5 px-5 text-sm">
                    <p className="flex items-center gap-2 break-all">
                      <MailIcon className="size-4 shrink-0" aria-hidden="true" />
                      {user.email}
                    </p>
                    {user.phone ? (
                      <p className="flex items-center gap-2">
                        <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
                        {user.phone}
                      </p>
                    ) : null}
                    {owner ? (
                      <p className="flex items-center gap-2">
                        <UserIcon className="size-4 shrink-0" aria-hidden="true" />
                        Owner: {fullName(owner)}
                      </p>
                    ) : null}
                    {property ? (
                      <p className="flex items-center gap-2">
                        <HomeIcon className="size-4 shrink-0" aria-hidden="true" />
                        Unit {property.unit_number}
                      </p>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {(users.data?.total ?? 0) > list.length ? (
        <p className="text-muted-foreground text-sm">Showing the newest {USERS_PAGE_SIZE} users; search to find others.</p>
      ) : null}

      {!isProfile ? <RolesCard /> : null}

      {editing ? <UserEditDialog user={editing} selfOnly={!canManage} canResetTwoFactor={isAdminUser(me) && editing.id !== me.id} onClose={() => setEditing(null)} /> : null}
      {isInviting ? <InviteUserDialog onClose={() => setIsInviting(false)} canInviteAdmin={isAdminUser(me)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
