import { Loader2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/** A form's submit button; disabled with a spinner while the request runs, its name unchanged. */
export function SubmitButton({ isPending, children, ...props }: ComponentProps<typeof Button> & { isPending: boolean }) {
  return (
    <Button type="submit" disabled={isPending} aria-busy={isPending} {...props}>
      {isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
