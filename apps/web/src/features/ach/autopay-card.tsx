import { useQuery } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES } from '@covenant/contracts/banking';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { myAutopayQuery, useCancelMyEnrollment, useEnrollMyself } from './ach.api';

const STATUS_TEXT: Record<string, string> = {
  prenote: 'Checking your account (a zero-amount prenote is sent first)',
  active: 'Active: your balance is debited with each ACH file',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

/** My Account's 'Autopay': the owner's enrollment (status, cancel) or the form to enrol, with the authorization to accept. */
export function AutopayCard() {
  const autopay = useQuery(myAutopayQuery());
  const cancel = useCancelMyEnrollment();
  const [confirming, setConfirming] = useState(false);
  const enrollment = autopay.data?.enrollment ?? null;
  const inForce = enrollment && enrollment.status !== 'cancelled' ? enrollment : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Autopay</h2>
        </CardTitle>
        <CardDescription>Pay your balance automatically from your bank account by ACH.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FormError error={autopay.error} />
        {autopay.isPending ? <Skeleton className="h-24" role="status" aria-label="Loading autopay" /> : null}
        {inForce ? (
          <div className="space-y-3">
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={inForce.status === 'active' ? 'secondary' : 'outline'}>{inForce.status}</Badge> {STATUS_TEXT[inForce.status]}
                {inForce.status_reason ? <span className="text-muted-foreground block">{inForce.status_reason}</span> : null}
              </dd>
              <dt className="text-muted-foreground">Account</dt>
              <dd>
                {inForce.account_holder} · {inForce.account_type} •••• {inForce.account_last4}
              </dd>
              <dt className="text-muted-foreground">Authorized</dt>
              <dd>{new Date(inForce.authorized_at).toLocaleDateString()}</dd>
            </dl>
            <details className="text-sm">
              <summary className="cursor-pointer">The authorization you gave</summary>
              <p className="text-muted-foreground mt-2">{inForce.authorization_text}</p>
            </details>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Cancel Autopay
            </Button>
          </div>
        ) : autopay.data ? (
          autopay.data.unavailable_reason ? (
            <p className="text-muted-foreground text-sm" role="status">
              Autopay is not available yet: {autopay.data.unavailable_reason}
            </p>
          ) : (
            <EnrollForm authorizationText={autopay.data.authorization_text} />
          )
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        text="Cancel autopay? Your balance will no longer be debited; you can enrol again at any time."
        confirmLabel="Cancel Autopay"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate(inForce!.id, {
            onSuccess: () => toast.success('Autopay cancelled'),
            onError: (e) => toast.error(`Failed to cancel autopay: ${errorMessage(e)}`),
          });
        }}
      />
    </Card>
  );
}

function EnrollForm({ authorizationText }: { authorizationText: string }) {
  const enroll = useEnrollMyself();
  const id = useId();
  const [fields, setFields] = useState({ account_holder: '', routing_number: '', account_number: '', account_type: 'checking' });
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.account_holder.trim() || !fields.routing_number.trim() || !fields.account_number.trim()) return setProblem('Fill in the account holder, the routing number and the account number');
    if (!accepted) return setProblem('Tick the box to accept the authorization');
    setProblem(null);
    enroll.mutate(
      { ...fields, account_type: fields.account_type as 'checking' | 'savings', authorization_text: authorizationText, accept_authorization: true },
      { onSuccess: () => toast.success('Autopay set up: a prenote checks your account first') },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Set up autopay">
      <FormError error={enroll.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-holder`}>Account holder</Label>
          <Input id={`${id}-holder`} autoComplete="name" value={fields.account_holder} onChange={(e) => set('account_holder')(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-type`}>Account type</Label>
          <OptionSelect id={`${id}-type`} value={fields.account_type} onChange={set('account_type')} options={BANK_ACCOUNT_TYPES.map((t) => ({ id: t, text: t === 'checking' ? 'Checking' : 'Savings' }))} placeholder="Choose" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-routing`}>Routing number</Label>
          <Input id={`${id}-routing`} inputMode="numeric" autoComplete="off" placeholder="9 digits" value={fields.routing_number} onChange={(e) => set('routing_number')(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-number`}>Account number</Label>
          <Input id={`${id}-number`} inputMode="numeric" autoComplete="off" value={fields.account_number} onChange={(e) => set('account_number')(e.target.value)} />
          <p className="text-muted-foreground text-xs">Stored encrypted; only its last four digits are shown again.</p>
        </div>
      </div>
      <div className="bg-muted/50 rounded-md border p-3 text-sm">
        <p className="mb-1 font-medium">Authorization</p>
        <p>{authorizationText}</p>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={`${id}-accept`} checked={accepted} onCheckedChange={(v) => setAccepted(v === true)} />
        <Label htmlFor={`${id}-accept`} className="font-normal leading-snug">
          I accept this authorization
        </Label>
      </div>
      <FormProblem message={problem} />
      <SubmitButton isPending={enroll.isPending}>Set Up Autopay</SubmitButton>
    </form>
  );
}
