import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ownerInput } from '@covenant/contracts/entities';
import { ownerListPage, ownerListQuery } from '@covenant/contracts/lists';
import { owners } from '@covenant/db/schema/community';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import type { Feature } from '../../platform/registry.ts';
import { listOwners } from './owners.list.ts';
import { ownersBackupStep } from './owners.backup.ts';

/** What an owner may correct on their own Owner profile: contact details, never the id, name or status. */
const OWNER_SELF_EDITABLE = ['email', 'phone', 'photo_url', 'mailing_address', 'mailing_address_2', 'city', 'state', 'zip_code', 'emergency_contact_name', 'emergency_contact_phone'];

export const ownerEntity: EntityDef = {
  name: 'Owner',
  label: 'owner',
  table: owners,
  resource: 'owners',
  createInput: ownerInput as unknown as z.ZodType<Row>,
  updateInput: ownerInput.omit({ owner_id: true }).partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'owner-self' },
  ownEditable: OWNER_SELF_EDITABLE,
};

async function ownerRoutes(app: FastifyInstance) {
  registerListRoute(app, 'owners', ownerListQuery, ownerListPage, listOwners);
}

export const ownersFeature: Feature = { name: 'owners', entities: [ownerEntity], routes: ownerRoutes, backup: [ownersBackupStep] };
