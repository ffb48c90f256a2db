import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User } from '@/lib/api';
import { entityKeys, remove, update, type EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

export const USERS_PAGE_SIZE = 100;

export interface OwnerSummary extends EntityRecord {
  first_name: string;
  last_name: string;
  photo_url: string | null;
}

export interface PropertySummary extends EntityRecord {
  unit_number: string;
  street_address: string | null;
}

export type UserRecord = User & EntityRecord;

export const ownerName = (owner: Pick<OwnerSummary, 'first_name' | 'last_name'>) => `${owner.first_name} ${owner.last_name}`.trim();
export const unitLabel = (property: Pick<PropertySummary, 'unit_number' | 'street_address'>) =>
  property.street_address ? `Unit ${property.unit_number} · ${property.street_address}` : `Unit ${property.unit_number}`;

/** A user card: the record with the owner and unit it is linked to (joined by the server, when the caller may read them). */
export type UserListRow = UserRecord & { owner: OwnerSummary | null; property: PropertySummary | null };

/** Users whose full name or email contains the search text, newest first, one page from the server. */
export function usersQuery(search: string) {
  const params = { search, limit: USERS_PAGE_SIZE };
  return queryOptions({
    queryKey: [...entityKeys.all('User'), 'page', params],
    queryFn: () => fetchListPage<UserListRow>('users', params),
    placeholderData: keepPreviousData,
  });
}

/** The five fields the spec lets the edit dialog send (spec part 1, section 5 'User edit'). */
export interface UserUpdate {
  phone: string | null;
  photo_url: string | null;
  owner_id: string | null;
  property_id: string | null;
  user_role: string | null;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<UserUpdate> }) => update<UserRecord>('User', id, { ...data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('User') }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => remove('User', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('User') }),
  });
}

export function useInviteUser() {
  return useMutation({ mutationFn: api.users.invite });
}
