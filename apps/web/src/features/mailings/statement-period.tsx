import { useId } from 'react';
import type { Statement } from '@covenant/contracts/statements';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { today } from '@/lib/dates';

/** The period a statement covers: its from and to dates (YYYY-MM-DD), as the statement contract names them. */
export type Period = Pick<Statement, 'from' | 'to'>;

/** The current month to today: the period a statement covers unless the user picks another. */
export function currentMonth(): Period {
  const to = today();
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** Two labelled date fields for a statement's period. */
export function StatementPeriodFields({ value, onChange }: { value: Period; onChange(p: Period): void }) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="space-y-1">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={value.from} max={value.to} onChange={(e) => onChange({ ...value, from: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={value.to} min={value.from} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      </div>
    </div>
  );
}
