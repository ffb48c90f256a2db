import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DialogButtons } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { entityKeys } from '@/lib/entities';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { bankAccountLabel, bankAccountsQuery, createBankAccount, FUND, saveFund, type Fund, type FundValues } from './funds.api';

const NO_ACCOUNT = '__none__';

type Errors = Partial<Record<'code' | 'name' | 'bank', string>>;

function validate(v: FundValues, bank: { number: string; name: string }): Errors {
  const errors: Errors = {};
  if (!v.code.trim()) errors.code = 'Code is required';
  else if (!/^[A-Z0-9_-]+$/.test(v.code.trim())) errors.code = 'Code must be capital letters, digits, - or _';
  if (!v.name.trim()) errors.name = 'Name is required';
  if (Boolean(bank.number.trim()) !== Boolean(bank.name.trim())) errors.bank = 'Give both the number and the name of the bank account, or neither';
  return errors;
}

/**
 * Add or edit a fund. A new fund can open its bank account at once (an asset account marked with the fund);
 * an existing one chooses its bank account among the accounts marked with it.
 */
export function FundFormDialog({ fund, onClose }: { fund: Fund | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const isEdit = fund !== null;
  const banks = useQuery(bankAccountsQuery());
  const [values, setValues] = useState<FundValues>(() => ({
    code: fund?.code ?? '', name: fund?.name ?? '', description: fund?.description ?? '', is_active: fund?.is_active ?? true, cash_account_id: fund?.cash_account_id ?? null,
  }));
  const [bank, setBank] = useState({ number: '', name: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<unknown>(null);
  const [isSaving, setIsSaving] = useState(false);
  const set = <K extends keyof FundValues>(field: K, value: FundValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const ownBanks = (banks.data ?? []).filter((a) => isEdit && a.fund_id === fund.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, bank);
    setErrors(found);
    if (Object.keys(found).length) return;
    setIsSaving(true);
    setError(null);
    try {
      const saved = await saveFund(fund, { ...values, code: values.code.trim(), name: values.name.trim() });
      toast.success(isEdit ? 'Fund updated' : 'Fund created');
      // The fund exists now whatever happens to its bank account; a refusal of the account is reported on its own.
      if (!isEdit && bank.number.trim()) {
        await createBankAccount(saved, { account_number: bank.number.trim(), account_name: bank.name.trim() }).catch((e: unknown) =>
          toast.error(`The bank account was not created: ${errorMessage(e)}`),
        );
      }
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setIsSaving(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: entityKeys.all(FUND) }), queryClient.invalidateQueries({ queryKey: entityKeys.all('ChartOfAccount') })]);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Fund' : 'Add Fund'}</DialogTitle>
          <DialogDescription>
            {isEdit && fund.system_key ? `${fund.name} is one of the association's two standing funds.` : 'A fund whose money is kept and reported apart (a special assessment, a capital project).'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <FieldRow id="fund-code" label="Code" error={errors.code}>
              <Input id="fund-code" value={values.code} onChange={(e) => set('code', e.target.value.toUpperCase())} aria-invalid={errors.code ? true : undefined} />
            </FieldRow>
            <FieldRow id="fund-name" label="Name" error={errors.name}>
              <Input id="fund-name" value={values.name} onChange={(e) => set('name', e.target.value)} aria-invalid={errors.name ? true : undefined} />
            </FieldRow>
          </div>
          <FieldRow id="fund-description" label="Description">
            <Textarea id="fund-description" value={values.description} onChange={(e) => set('description', e.target.value)} />
          </FieldRow>
          {isEdit ? (
            <FieldRow id="fund-bank" label="Bank Account">
              <Select value={values.cash_account_id ?? NO_ACCOUNT} onValueChange={(v) => set('cash_account_id', v === NO_ACCOUNT ? null : v)}>
                <SelectTrigger id="fund-bank" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_ACCOUNT}>No bank account</SelectItem>
                  {ownBanks.map((a) => (
                    <SelectItem key={a.id} value={a.id}>
                      {bankAccountLabel(a)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className="text-muted-foreground text-xs">Accounts marked with this fund in the Chart of Accounts.</p>
            </FieldRow>
          ) : (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">New bank account (optional)</legend>
              <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
                <FieldRow id="fund-bank-number" label="Account Number">
                  <Input id="fund-bank-number" value={bank.number} onChange={(e) => setBank((b) => ({ ...b, number: e.target.value }))} />
                </FieldRow>
                <FieldRow id="fund-bank-name" label="Account Name" error={errors.bank}>
                  <Input id="fund-bank-name" value={bank.name} onChange={(e) => setBank((b) => ({ ...b, name: e.target.value }))} />
                </FieldRow>
              </div>
            </fieldset>
          )}
          <div className="flex items-center gap-2">
            <Switch id="fund-active" checked={values.is_active} disabled={Boolean(fund?.system_key)} onCheckedChange={(c) => set('is_active', c)} />
            <Label htmlFor="fund-active">Active</Label>
          </div>
          <FormError error={error} />
          <DialogButtons onCancel={onClose} isPending={isSaving}>{isEdit ? 'Update Fund' : 'Create Fund'}</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
