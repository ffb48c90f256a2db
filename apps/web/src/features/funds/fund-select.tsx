import { useQuery } from '@tanstack/react-query';
import { OptionSelect, type OptionSelectProps } from '@/components/option-select';
import { bankAccountLabel, bankAccountsQuery, fundLabel, fundsQuery } from './funds.api';

/** A choice of fund: the active funds, and the current one even when inactive. */
export function FundSelect(props: OptionSelectProps) {
  const funds = useQuery(fundsQuery());
  const options = (funds.data ?? []).filter((f) => f.is_active || f.id === props.value).map((f) => ({ id: f.id, text: fundLabel(f) }));
  return <OptionSelect {...props} options={options} placeholder="Select fund" />;
}

/** A choice of bank account (the funds' cash accounts): where a payment is deposited or paid from. */
export function BankAccountSelect(props: OptionSelectProps) {
  const accounts = useQuery(bankAccountsQuery());
  const options = (accounts.data ?? []).filter((a) => a.is_active || a.id === props.value).map((a) => ({ id: a.id, text: bankAccountLabel(a) }));
  return <OptionSelect {...props} options={options} placeholder="Select bank account" />;
}
