import { DEFAULT_VENDOR_TERMS, VENDOR_STATUSES, VENDOR_TYPES } from '@covenant/contracts/constants';
import { vendorInput } from '@covenant/contracts/entities';
import { useSaveRecord } from '@/components/save-record';
import { EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { humanize } from '@/lib/format';
import type { Vendor } from './vendors.api';

const optionsOf = (values: readonly string[]) => values.map((v) => ({ value: v, label: humanize(v) }));
const TYPE_OPTIONS = optionsOf(VENDOR_TYPES);
const STATUS_OPTIONS = optionsOf(VENDOR_STATUSES);

/** Add or edit a vendor on the vendor contract (spec part 2, section 5); a new one is an active contractor on Net 30. */
export function VendorFormDialog({ vendor, onClose }: { vendor: Vendor | null; onClose(): void }) {
  const isEdit = vendor !== null;
  const form = useContractForm(vendorInput, {
    vendor_name: vendor?.vendor_name ?? '',
    contact_person: vendor?.contact_person ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    city: vendor?.city ?? '',
    state: vendor?.state ?? '',
    zip_code: vendor?.zip_code ?? '',
    tax_id: vendor?.tax_id ?? '',
    payment_terms: vendor ? (vendor.payment_terms ?? '') : DEFAULT_VENDOR_TERMS,
    vendor_type: vendor?.vendor_type ?? 'contractor',
    status: vendor?.status ?? 'active',
    notes: vendor?.notes ?? '',
  });

  const save = useSaveRecord<Vendor, typeof vendorInput._output>({ entity: 'Vendor', noun: 'vendor', record: vendor, onSaved: onClose });

  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Vendor' : 'Add New Vendor'}
      description="A supplier or contractor the association pays."
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={isEdit ? 'Update Vendor' : 'Create Vendor'}
      wide
    >
      <TextField name="vendor_name" label="Vendor Name" />
      <TextField name="contact_person" label="Contact Person" />
      <TextField name="email" label="Email" type="email" />
      <TextField name="phone" label="Phone" type="tel" />
      <TextField name="address" label="Address" wide />
      <TextField name="city" label="City" />
      <TextField name="state" label="State" />
      <TextField name="zip_code" label="Zip Code" />
      <TextField name="tax_id" label="Tax ID" />
      <TextField name="payment_terms" label="Payment Terms" />
      <SelectField name="vendor_type" label="Vendor Type" options={TYPE_OPTIONS} />
      <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
      <TextareaField name="notes" label="Notes" />
    </EntityFormDialog>
  );
}
