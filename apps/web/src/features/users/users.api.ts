import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRow as ListedUser } from '@covenant/contracts/lists';
import type { inviteUserForm, userEditForm } from '@covenant/contracts/users-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import type { TwoFactorReset } from '@covenant/contracts/auth';
import { api, appRequest, errorMessage, type User } from '@/lib/api';
import { entityKeys, update, type EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

export const USERS_PAGE_SIZE = 100;

/**
 * A user card: the record with the owner and unit it is linked to (joined by the server, when the caller may read
 * them); the system role is one of the two the server gives.
 */
export type UserRow = ListedUser & Pick<User, 'role'>;
/** The linked owner as the pickers and cards show it. */
export type OwnerSummary = NonNullable<UserRow['owner']> & EntityRecord;
/** The assigned unit as the pickers and cards show it. */
export type PropertySummary = NonNullable<UserRow['property']> & EntityRecord;

export const unitLabel = (property: Pick<PropertySummary, 'unit_number' | 'street_address'>) =>
  property.street_address ? `Unit ${property.unit_number} · ${property.street_address}` : `Unit ${property.unit_number}`;

/** Users whose full name or email contains the search text, newest first, one page from the server. */
export function usersQuery(search: string) {
  const params = { search, limit: USERS_PAGE_SIZE };
  return queryOptions({
    queryKey: [...entityKeys.all('User'), 'page', params],
    queryFn: () => fetchListPage<UserRow>('users', params),
    placeholderData: keepPreviousData,
  });
}

/** Saves a user's edit: the five fields of staff, or the phone and photo of a user's own profile. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<z.output<typeof userEditForm>> }) =>
      // The spec's words for a failed save: 'Error: ' and the server's message, or 'Failed to update user'.
      update<UserRow>('User', id, data).catch((e: unknown) => {
        throw new Error(e instanceof Error && e.message ? `Error: ${e.message}` : 'Failed to update user');
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('User') }),
  });
}

export function useInviteUser() {
  return useMutation({
    mutationFn: (body: z.output<typeof inviteUserForm>) =>
      api.users.invite(body).catch((e: unknown) => {
        throw new Error(`Failed to invite user: ${e instanceof Error ? e.message : String(e)}`);
      }),
  });
}

/** An administrator resets another user's second factor (a lost phone): their sessions end; they sign in with the password. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => appRequest<TwoFactorReset>(`/users/${encodeURIComponent(userId)}/two-factor/reset`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('User') });
      toast.success('Two-factor authentication reset. The user signs in with the password alone.');
    },
    onError: (e) => toast.error(`Failed to reset two-factor authentication: ${errorMessage(e)}`),
  });
}
