import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ownerPropertyInput, propertyInput } from '@covenant/contracts/entities';
import { propertyListPage, propertyListQuery } from '@covenant/contracts/lists';
import { ownerProperties, properties } from '@covenant/db/schema/community';
import { today } from '../../lib/context.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import type { Feature } from '../../platform/registry.ts';
import { listProperties } from './properties.list.ts';
import { propertiesBackupStep } from './properties.backup.ts';

/** Units and their assignments are staff records: an owner reads their own and changes none. */
export const propertyEntity: EntityDef = {
  name: 'Property',
  label: 'property',
  table: properties,
  resource: 'properties',
  createInput: propertyInput as unknown as z.ZodType<Row>,
  updateInput: propertyInput.omit({ property_id: true }).partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'property' },
  ownEditable: [],
  // The natural-order sort key is the database's (a generated column), never a field of the record.
  hiddenColumns: ['unit_sort_key'],
};

export const ownerPropertyEntity: EntityDef = {
  name: 'OwnerProperty',
  label: 'owner assignment',
  table: ownerProperties,
  resource: 'properties',
  createInput: ownerPropertyInput as unknown as z.ZodType<Row>,
  updateInput: ownerPropertyInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hooks: {
    // Ownership starts on the association's day, not the database's: between midnight UTC and the association's
    // midnight the two differ, and a unit linked "today" must have its owner today (votes, violations, billing).
    prepareCreate: async (ctx, values) => (values.start_date ? values : { ...values, start_date: await today(ctx) }),
    prepareCreateAlone: true,
  },
};

async function propertyRoutes(app: FastifyInstance) {
  registerListRoute(app, 'properties', propertyListQuery, propertyListPage, listProperties);
}

export const propertiesFeature: Feature = { name: 'properties', entities: [propertyEntity, ownerPropertyEntity], routes: propertyRoutes, backup: [propertiesBackupStep] };
