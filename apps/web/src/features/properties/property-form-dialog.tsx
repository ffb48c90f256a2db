import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '@covenant/contracts/constants';
import { propertyInput } from '@covenant/contracts/entities';
import { EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { create, entityKeys, update } from '@/lib/entities';
import { choicesOf } from '@/features/owners/owner-form-dialog';
import type { Property } from '@/features/owners/owners.api';
import { IdField, WithSuggestedId } from '@/features/owners/suggested-id';
import { nextPropertyId } from './properties-data';

const DESCRIPTION = 'Unit details and monthly HOA fee.';
const text = (n: number | null) => (n === null ? '' : String(n));

/** Add/Edit property: Add opens with the server's suggested Property ID (from 200000); the id is locked when editing. */
export function PropertyFormDialog({ property, onClose }: { property: Property | null; onClose: () => void }) {
  return (
    <WithSuggestedId
      queryKey={['properties', 'next-id']}
      load={nextPropertyId}
      skip={property !== null}
      title="Add Property"
      description={DESCRIPTION}
      onClose={onClose}
    >
      {(suggested) => <PropertyForm property={property} suggestedId={suggested} onClose={onClose} />}
    </WithSuggestedId>
  );
}

function PropertyForm({ property, suggestedId, onClose }: { property: Property | null; suggestedId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isEdit = property !== null;
  const form = useContractForm(propertyInput, {
    property_id: property?.property_id ?? suggestedId,
    unit_number: property?.unit_number ?? '',
    street_address: property?.street_address ?? '',
    city: property?.city ?? '',
    state: property?.state ?? '',
    zip_code: property?.zip_code ?? '',
    property_type: property?.property_type ?? 'condo',
    square_footage: text(property?.square_footage ?? null),
    bedrooms: text(property?.bedrooms ?? null),
    bathrooms: text(property?.bathrooms ?? null),
    parking_spaces: text(property?.parking_spaces ?? null),
    monthly_hoa_fee: text(property?.monthly_hoa_fee ?? null),
    assessment_share: text(property?.assessment_share ?? null),
    status: property?.status ?? 'occupied',
    notes: property?.notes ?? '',
  });

  const save = useMutation({
    mutationFn: ({ property_id, ...rest }: typeof propertyInput._output) =>
      // The id cannot change once given; the server refuses it on update.
      isEdit ? update<Property>('Property', property.id, rest) : create<Property>('Property', { property_id, ...rest }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
      onClose();
    },
  });

  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Property' : 'Add Property'}
      description={DESCRIPTION}
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={isEdit ? 'Update Property' : 'Create Property'}
      wide
    >
      <IdField name="property_id" label="Property ID" disabled={isEdit} />
      <TextField name="unit_number" label="Unit Number" />
      <SelectField name="property_type" label="Property Type" options={choicesOf(PROPERTY_TYPES)} />
      <TextField name="street_address" label="Street Address" />
      <TextField name="city" label="City" />
      <TextField name="state" label="State" />
      <TextField name="zip_code" label="Zip Code" />
      <TextField name="square_footage" label="Square Feet" type="number" min={0} step={1} />
      <TextField name="bedrooms" label="Bedrooms" type="number" min={0} step={1} />
      <TextField name="bathrooms" label="Bathrooms" type="number" min={0} step={0.5} />
      <TextField name="parking_spaces" label="Parking Spaces" type="number" min={0} step={1} />
      <TextField name="monthly_hoa_fee" label="Monthly HOA Fee" type="number" min={0} step={0.01} />
      <TextField name="assessment_share" label="Assessment Share (%)" type="number" min={0} max={100} step={0.000001} />
      <SelectField name="status" label="Status" options={choicesOf(PROPERTY_STATUSES)} />
      <TextareaField name="notes" label="Notes" />
    </EntityFormDialog>
  );
}
