import { Spinner } from '@/components/ui/spinner';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="text-primary size-8" />
    </div>
  );
}
