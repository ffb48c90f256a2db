import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { useForm, useFormContext, type ControllerRenderProps, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DialogButtons } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/** A zod schema whose input is a form's values (strings, booleans) and whose output is the request body. */
type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * A form on a contract's schema: react-hook-form with the zod resolver, so the browser checks exactly what the
 * server will (the same messages), and the submit handler receives the parsed body (numbers, nulls for blanks).
 */
export function useContractForm<S extends FormSchema>(schema: S, defaultValues: z.input<S>): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as DefaultValues<z.input<S>>,
  });
}

/**
 * An Add/Edit dialog around a contract form: title, description, the fields (children, laid out two to a row from
 * the small breakpoint), the request's error, and Cancel with a submit button that spins while the request runs.
 */
export function EntityFormDialog<V extends FieldValues, O>({ title, description, form, onSubmit, onClose, isPending, error, submitLabel, wide, children }: {
  title: string;
  description: string;
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (values: O) => void;
  onClose: () => void;
  isPending: boolean;
  /** The request's error, shown above the fields (a toast may say it too). */
  error?: unknown;
  submitLabel: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={cn('max-h-[90vh] overflow-y-auto', wide ? 'sm:max-w-2xl' : 'sm:max-w-lg')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
            <FormError error={error} />
            <div className="grid gap-4 sm:grid-cols-2">{children}</div>
            <DialogButtons onCancel={onClose} isPending={isPending}>
              {submitLabel}
            </DialogButtons>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

interface FieldProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  description?: string;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
}

/** A text, number, date or email input bound to the form; its error (the schema's message) shows under it. */
export function TextField<V extends FieldValues>({ name, label, description, wide, ...input }: FieldProps<V> & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'onBlur'>) {
  return (
    <BoundField<V> name={name} label={label} description={description} wide={wide}>
      {(field) => <Input {...input} {...field} value={(field.value as string | number | null | undefined) ?? ''} />}
    </BoundField>
  );
}

/** A multi-line text bound to the form, across both columns. */
export function TextareaField<V extends FieldValues>({ name, label, description, rows = 3 }: FieldProps<V> & { rows?: number }) {
  return (
    <BoundField<V> name={name} label={label} description={description} wide>
      {(field) => <Textarea rows={rows} {...field} value={(field.value as string | null | undefined) ?? ''} />}
    </BoundField>
  );
}

/** An on/off switch bound to the form, its label beside it. */
export function SwitchField<V extends FieldValues>({ name, label, description, wide = true }: FieldProps<V>) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('flex flex-row items-center gap-3', wide ? 'sm:col-span-2' : undefined)}>
          <FormControl>
            <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

/** A choice from a fixed list bound to the form. */
export function SelectField<V extends FieldValues>({ name, label, description, wide, options, placeholder, onPicked }: FieldProps<V> & {
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  /** After a choice, e.g. to reset a dependent field. */
  onPicked?: (value: string) => void;
}) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={wide ? 'sm:col-span-2' : undefined}>
          <FormLabel>{label}</FormLabel>
          <Select
            value={(field.value as string | null | undefined) ?? ''}
            onValueChange={(v) => {
              field.onChange(v);
              onPicked?.(v);
            }}
          >
            <FormControl>
              <SelectTrigger className="w-full" ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

/**
 * A field of a contract form around a control the kit has no field for (a record picker, a record select): the label,
 * the control (given the bound field), a description, and the schema's message under it.
 */
export function BoundField<V extends FieldValues>({ name, label, description, wide, className, children }: FieldProps<V> & {
  className?: string;
  children: (field: ControllerRenderProps<V, Path<V>>) => ReactNode;
}) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn(wide ? 'sm:col-span-2' : undefined, className)}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{children(field)}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}
