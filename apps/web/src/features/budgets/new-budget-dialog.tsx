import { toast } from 'sonner';
import { newBudgetForm } from '@covenant/contracts/budgets-form';
import { EntityFormDialog, SwitchField, TextField, useContractForm } from '@/components/entity-form';
import { FundField } from '@/features/funds/fund-field';
import { useCopyBudget, useSaveBudget, type Fund } from './budgets.api';

/** New Budget: a draft for a fund and fiscal year, empty or with last year's lines copied (copyBudget). */
export function NewBudgetDialog({ funds, fiscalYear, onCreated, onClose }: { funds: Fund[]; fiscalYear: number; onCreated(id: string): void; onClose(): void }) {
  const form = useContractForm(newBudgetForm, {
    name: '',
    fiscal_year: String(fiscalYear),
    fund_id: funds.find((f) => f.kind === 'operating')?.id ?? '',
    copy_last_year: false,
  });
  const save = useSaveBudget();
  const copy = useCopyBudget();
  const done = (b: { id: string }) => {
    toast.success('Budget created');
    onCreated(b.id);
  };

  return (
    <EntityFormDialog
      title="New Budget"
      description="One budget per fund and fiscal year (named by the calendar year it starts in)."
      form={form}
      onSubmit={({ copy_last_year: copyLastYear, ...budget }) => {
        if (copyLastYear) copy.mutate({ fund_id: budget.fund_id, to_fiscal_year: budget.fiscal_year, name: budget.name }, { onSuccess: done });
        else save.mutate({ ...budget, lines: [] }, { onSuccess: done });
      }}
      onClose={onClose}
      isPending={save.isPending || copy.isPending}
      error={save.error ?? copy.error}
      submitLabel="Create Budget"
    >
      <TextField name="name" label="Name *" placeholder={`Operating budget ${fiscalYear}`} wide />
      <TextField name="fiscal_year" label="Fiscal Year *" inputMode="numeric" maxLength={4} />
      <FundField name="fund_id" label="Fund *" />
      <SwitchField name="copy_last_year" label="Copy from last year" description="Start from the lines of this fund's budget for the year before." />
    </EntityFormDialog>
  );
}
