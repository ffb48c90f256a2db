import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User } from '@/lib/api';
import { entityKeys, filter, remove, update, type EntityRecord } from '@/lib/entities';
import { containsAny } from '@/lib/search';

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

/** Users whose full name or email contains the search text, newest first, one page. */
export function usersQuery(search: string) {
  const q = containsAny(['full_name', 'email'], search);
  return queryOptions({
    queryKey: entityKeys.list('User', { q, sort: '-created_date', limit: USERS_PAGE_SIZE }),
    queryFn: () => filter<UserRecord>('User', q, '-created_date', USERS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

/** Only the owners and units the shown cards name, by id. */
export function linkedOwnersQuery(ids: string[]) {
  const q = { id: { $in: ids } };
  return queryOptions({
    queryKey: entityKeys.list('Owner', { q, fields: ['id', 'first_name', 'last_name', 'photo_url'] }),
    queryFn: () => filter<OwnerSummary>('Owner', q, undefined, ids.length, 0, ['id', 'first_name', 'last_name', 'photo_url']),
    enabled: ids.length > 0,
  });
}

export function linkedPropertiesQuery(ids: string[]) {
  const q = { id: { $in: ids } };
  return queryOptions({
    queryKey: entityKeys.list('Property', { q, fields: ['id', 'unit_number', 'street_address'] }),
    queryFn: () => filter<PropertySummary>('Property', q, undefined, ids.length, 0, ['id', 'unit_number', 'street_address']),
    enabled: ids.length > 0,
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
