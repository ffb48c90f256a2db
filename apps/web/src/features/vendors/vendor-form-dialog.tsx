import { DEFAULT_VENDOR_TERMS, VENDOR_STATUSES, VENDOR_TYPES } from '@covenant/contracts/constants';
import { vendorInput } from '@covenant/contracts/entities';
import { useSaveRecord } from '@/components/save-record';
import { EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { humanize } from '@/lib/format';
import { BANK_ACCOUNT_TYPES } from '@covenant/contracts/banking';
import type { Vendor } from './vendors.api';

const optionsOf = (values: readonly string[]) => values.map((v) => ({ value: v, label: humanize(v) }));
const TYPE_OPTIONS = optionsOf(VENDOR_TYPES);
const STATUS_OPTIONS = optionsOf(VENDOR_STATUSES);
const BANK_TYPE_OPTIONS = optionsOf(BANK_ACCOUNT_TYPES);

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
    bank_routing_number: vendor?.bank_routing_number ?? '',
    bank_account_number: '',
    bank_account_type: vendor?.bank_account_type ?? 'checking',
  });
  const last4 = (vendor as (Vendor & { bank_account_last4?: string | null }) | null)?.bank_account_last4;
  const stored = last4 ? `•••• ${last4}` : null;

  const save = useSaveRecord<Vendor, typeof vendorInput._output>({ entity: 'Vendor', noun: 'vendor', record: vendor, onSaved: onClose });

  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Vendor' : 'Add New Vendor'}
      description="A supplier or contractor the association pays."
      form={form}
      onSubmit={(body) => {
        // A blank account number on an edit keeps the stored one (it is never sent back to the browser).
        const { bank_account_number: number, ...rest } = body;
        save.mutate(number || !vendor ? body : (rest as typeof body));
      }}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
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
      <TextField name="bank_routing_number" label="Bank Routing Number" inputMode="numeric" autoComplete="off" placeholder="9 digits" description="For paying bills by ACH." />
      <SelectField name="bank_account_type" label="Bank Account Type" options={BANK_TYPE_OPTIONS} />
      <TextField
        name="bank_account_number"
        label="Bank Account Number"
        autoComplete="off"
        placeholder={stored ?? 'Account number'}
        description={stored ? `Stored encrypted (${stored}); type a new one only to replace it.` : 'Write-only: stored encrypted, only its last four digits are shown again. The server needs BANK_ENCRYPTION_KEY to save it.'}
        wide
      />
    </EntityFormDialog>
  );
}
