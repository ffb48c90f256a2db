import { Label } from '@/components/ui/label';

/** A labelled native select of [value, text] pairs: phones show their own picker, and it needs no popover. */
export function NativeSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange(v: string): void; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className="border-input h-9 w-full rounded-md border bg-transparent px-2 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>{text}</option>
        ))}
      </select>
    </div>
  );
}
