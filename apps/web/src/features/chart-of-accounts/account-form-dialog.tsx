import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_SUBTYPES, ACCOUNT_TYPES, type AccountType } from '@covenant/contracts/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update } from '@/lib/entities';
import { FundSelect } from '@/features/funds/fund-select';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import type { Account } from './accounts.api';

interface Values {
  account_number: string;
  account_name: string;
  account_type: AccountType | '';
  account_subtype: string;
  description: string;
  is_active: boolean;
  /** A bank account's fund; '' for every other account. */
  fund_id: string;
}
type Errors = Partial<Record<'account_number' | 'account_name' | 'account_type', string>>;

function initialValues(a: Account | null): Values {
  return {
    account_number: a?.account_number ?? '',
    account_name: a?.account_name ?? '',
    account_type: (a?.account_type as AccountType | undefined) ?? '',
    account_subtype: a?.account_subtype ?? '',
    description: a?.description ?? '',
    is_active: a?.is_active ?? true,
    fund_id: a?.fund_id ?? '',
  };
}

function validateAccount(v: Values): Errors {
  const errors: Errors = {};
  if (!v.account_number.trim()) errors.account_number = 'Account number is required';
  if (!v.account_name.trim()) errors.account_name = 'Account name is required';
  if (!v.account_type) errors.account_type = 'Account type is required';
  return errors;
}

/** Add/Edit account; the subtype list follows the type and resets to its first subtype when the type changes. */
export function AccountFormDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = account !== null;
  const [values, setValues] = useState<Values>(() => initialValues(account));
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        account_number: v.account_number.trim(),
        account_name: v.account_name.trim(),
        account_type: v.account_type,
        account_subtype: v.account_subtype || null,
        description: v.description,
        is_active: v.is_active,
        // Only asset accounts hold a fund's money.
        fund_id: v.account_type === 'asset' ? v.fund_id || null : null,
      };
      return isEdit ? update<Account>('ChartOfAccount', account.id, body) : create<Account>('ChartOfAccount', body);
    },
    onSuccess: async () => {
      toast.success(isEdit ? 'Account updated' : 'Account created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('ChartOfAccount') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save account: ${errorMessage(e)}`),
  });

  const id = (f: string) => `${uid}-${f}`;
  const subtypes = values.account_type ? ACCOUNT_SUBTYPES[values.account_type] : [];
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateAccount(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Account' : 'Add New Account'}</DialogTitle>
          <DialogDescription>An account of the chart of accounts.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldRow id={id('number')} label="Account Number" error={errors.account_number}>
              <Input
                id={id('number')}
                value={values.account_number}
                onChange={(e) => setValues((v) => ({ ...v, account_number: e.target.value }))}
                aria-invalid={errors.account_number ? true : undefined}
              />
            </FieldRow>
            <FieldRow id={id('name')} label="Account Name" error={errors.account_name}>
              <Input
                id={id('name')}
                value={values.account_name}
                onChange={(e) => setValues((v) => ({ ...v, account_name: e.target.value }))}
                aria-invalid={errors.account_name ? true : undefined}
              />
            </FieldRow>
            <FieldRow id={id('type')} label="Account Type" error={errors.account_type}>
              <Select
                value={values.account_type}
                onValueChange={(t) => setValues((v) => ({ ...v, account_type: t as AccountType, account_subtype: ACCOUNT_SUBTYPES[t as AccountType][0] ?? '' }))}
              >
                <SelectTrigger id={id('type')} className="w-full" aria-invalid={errors.account_type ? true : undefined}>
                  <SelectValue placeholder="Select type" />
                </SelectTrigger>
                <SelectContent>
                  {ACCOUNT_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {humanize(t)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FieldRow>
            <FieldRow id={id('subtype')} label="Account Subtype">
              <Select value={values.account_subtype} disabled={!values.account_type} onValueChange={(s) => setValues((v) => ({ ...v, account_subtype: s }))}>
                <SelectTrigger id={id('subtype')} className="w-full">
                  <SelectValue placeholder="Select subtype" />
                </SelectTrigger>
                <SelectContent>
                  {subtypes.map((s) => (
                    <SelectItem key={s} value={s}>
                      {humanize(s)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FieldRow>
          </div>
          {values.account_type === 'asset' ? (
            <FieldRow id={id('fund')} label="Bank Account of Fund">
              <FundSelect
                id={id('fund')}
                value={values.fund_id}
                noneLabel="Not a bank account"
                disabled={Boolean(account?.system_key)}
                onChange={(f) => setValues((v) => ({ ...v, fund_id: f }))}
              />
              <p className="text-muted-foreground text-xs">A bank account receives and pays the money of its fund.</p>
            </FieldRow>
          ) : null}
          <FieldRow id={id('description')} label="Description">
            <Textarea id={id('description')} value={values.description} onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))} />
          </FieldRow>
          <div className="flex items-center gap-2">
            <Switch id={id('active')} checked={values.is_active} onCheckedChange={(c) => setValues((v) => ({ ...v, is_active: c }))} />
            <Label htmlFor={id('active')}>Active</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : isEdit ? 'Update Account' : 'Create Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
