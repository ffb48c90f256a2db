import { OptionSelect, type OptionSelectProps } from '@/components/option-select';
import { accountLabel, type Account } from './accounts.api';

/** A choice of account among those given: the active ones and the current one (every one with `withInactive`, for reading history). */
export function AccountSelect({ accounts, withInactive = false, ...props }: OptionSelectProps & { accounts: readonly Account[]; withInactive?: boolean }) {
  const options = accounts.filter((a) => withInactive || a.is_active || a.id === props.value).map((a) => ({ id: a.id, text: accountLabel(a) }));
  return <OptionSelect {...props} options={options} placeholder="Select account" />;
}
