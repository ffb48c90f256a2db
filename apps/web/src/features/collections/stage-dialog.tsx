import { collectionStageInput, LETTER_PLACEHOLDERS } from '@covenant/contracts/collections';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { OptionSelect } from '@/components/option-select';
import { RecordField } from '@/features/funds/fund-field';
import { useWriteCollectionRecord, type CollectionStage } from './collections.api';

type Option = { id: string; text: string };

const DEFAULT_BODY = `Dear {{owner_name}},

Our records show that your account {{account_number}} is {{days_past_due}} days past due, with {{past_due_balance}} unpaid since {{oldest_due_date}}.

Please pay the past-due balance or contact us to arrange a payment plan.

{{association_name}}`;
const PLACEHOLDERS = `Placeholders: ${LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}`;

/** Add or edit a collection stage: when an owner enters it, the letter they get and the fee it charges. */
export function StageDialog({ stage, feeItems, onClose }: { stage: CollectionStage | null; feeItems: Option[]; onClose(): void }) {
  const form = useContractForm(collectionStageInput, {
    name: stage?.name ?? '',
    days_past_due: stage ? String(stage.days_past_due) : '30',
    min_balance: stage?.min_balance === null || stage?.min_balance === undefined ? '' : String(stage.min_balance),
    letter_subject: stage?.letter_subject ?? 'Your account {{account_number}} is past due',
    letter_body: stage?.letter_body ?? DEFAULT_BODY,
    fee_product_id: stage?.fee_product_id ?? '',
    requires_approval: stage?.requires_approval ?? false,
  });
  const save = useWriteCollectionRecord('CollectionStage');

  return (
    <EntityFormDialog
      title={stage ? 'Edit Collection Stage' : 'Add Collection Stage'}
      description="Owners enter the stages one at a time, in order of days past due; each stage sends its letter once."
      form={form}
      onSubmit={(body) => save.mutate({ id: stage?.id, values: body }, closeOnSuccess(stage ? 'Collection stage updated' : 'Collection stage added', onClose))}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={stage ? 'Update Stage' : 'Add Stage'}
      wide
    >
      <TextField name="name" label="Name *" placeholder="Friendly reminder" wide />
      <TextField name="days_past_due" label="Days past due *" type="number" min={1} step={1} />
      <TextField name="min_balance" label="Minimum past-due balance" type="number" min={0} step="0.01" inputMode="decimal" />
      <RecordField name="fee_product_id" label="Collection fee item" noneLabel="No fee" select={(p) => <OptionSelect {...p} options={feeItems} placeholder="No fee" />} />
      <SwitchField name="requires_approval" label="Letters wait for approval" wide={false} />
      <TextField name="letter_subject" label="Letter subject *" wide />
      <TextareaField name="letter_body" label="Letter body *" rows={9} description={PLACEHOLDERS} />
    </EntityFormDialog>
  );
}
