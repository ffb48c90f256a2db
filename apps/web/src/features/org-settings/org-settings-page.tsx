import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { orgSettingsInput } from '@covenant/contracts/entities';
import { SelectField, SwitchField, TextField, useContractForm } from '@/components/entity-form';
import { ListPage } from '@/components/list-page';
import { SectionCard } from '@/components/section-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { create, entityKeys, update, uploadFile } from '@/lib/entities';
import { isAdminUser } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';
import { isForbidden, NoAccess } from '@/app/page-access';
import { orgSettingsQuery, type OrgSettings } from '@/features/org-settings/org-settings.api';

type Body = z.output<typeof orgSettingsInput>;

const TEXT_FIELDS = [
  { name: 'company_name', label: 'Company Name *', type: 'text' },
  { name: 'address', label: 'Address', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'state', label: 'State', type: 'text' },
  { name: 'zip_code', label: 'Zip Code', type: 'text' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'website', label: 'Website', type: 'url' },
] as const;

const APPLICATION_ORDERS = [
  { value: 'oldest_first', label: 'Oldest charges first' },
  { value: 'assessments_first', label: 'Assessments first, then other charges, late fees, interest' },
  { value: 'fees_first', label: 'Interest, then late fees, other charges, then assessments' },
];
const CO_OWNER_CHOICES = [
  { value: 'principal', label: 'Bill the principal owner' },
  { value: 'split', label: 'Split by ownership percentage' },
];
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

function valuesOf(settings: OrgSettings | null): z.input<typeof orgSettingsInput> {
  return {
    company_name: settings?.company_name ?? '',
    address: settings?.address ?? '',
    city: settings?.city ?? '',
    state: settings?.state ?? '',
    zip_code: settings?.zip_code ?? '',
    phone: settings?.phone ?? '',
    email: settings?.email ?? '',
    website: settings?.website ?? '',
    logo_url: settings?.logo_url ?? '',
    open_registration: settings?.open_registration ?? false,
    require_two_factor_for_staff: settings?.require_two_factor_for_staff ?? false,
    fiscal_year_start_month: String(settings?.fiscal_year_start_month ?? 1),
    time_zone: settings?.time_zone ?? '',
    run_hour: String(settings?.run_hour ?? 6),
    co_owner_billing: settings?.co_owner_billing ?? 'principal',
    payment_application_order: settings?.payment_application_order ?? 'oldest_first',
    auto_apply_credits: settings?.auto_apply_credits ?? false,
    nsf_fee_amount: settings?.nsf_fee_amount == null ? '' : String(settings.nsf_fee_amount),
    arc_response_days: String(settings?.arc_response_days ?? 45),
    estoppel_fee: settings?.estoppel_fee == null ? '' : String(settings.estoppel_fee),
    estoppel_rush_fee: settings?.estoppel_rush_fee == null ? '' : String(settings.estoppel_rush_fee),
    estoppel_delinquent_fee: settings?.estoppel_delinquent_fee == null ? '' : String(settings.estoppel_delinquent_fee),
  };
}

/** The request body: blank texts as null; who may join and how staff sign in only from an administrator. */
function bodyOf(values: Body, isAdmin: boolean): Record<string, unknown> {
  const { open_registration: openRegistration, require_two_factor_for_staff: requireTwoFactor, ...rest } = values;
  const data: Record<string, unknown> = { ...rest, logo_url: values.logo_url || null };
  for (const field of TEXT_FIELDS) data[field.name] = values[field.name]?.trim() || null;
  return isAdmin ? { ...data, open_registration: openRegistration, require_two_factor_for_staff: requireTwoFactor } : data;
}

function SettingsForm({ settings }: { settings: OrgSettings | null }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useContractForm(orgSettingsInput, valuesOf(settings));
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const isAdmin = isAdminUser(user);
  const logoUrl = form.watch('logo_url');

  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      settings ? update<OrgSettings>('OrgSettings', settings.id, data) : create<OrgSettings>('OrgSettings', data),
    onSuccess: () => {
      toast.success('Settings saved successfully');
      // The signed-in user may now have to set up two-factor authentication: reload who they are too.
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      return queryClient.invalidateQueries({ queryKey: entityKeys.all('OrgSettings') });
    },
    onError: (error) => toast.error(`Failed to save settings: ${error.message}`),
  });

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (!file.type.startsWith('image/')) return setUploadError('Failed to upload logo');
    setIsUploading(true);
    try {
      form.setValue('logo_url', await uploadFile(file));
    } catch {
      setUploadError('Failed to upload logo');
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit((values) => save.mutate(bodyOf(values, isAdmin)))(e)} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Logo</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-4">
            <div className="bg-muted flex size-20 items-center justify-center overflow-hidden rounded-lg border">
              {logoUrl ? (
                <img src={logoUrl} alt="Organization logo" className="size-full object-contain" />
              ) : (
                <ImageIcon className="text-muted-foreground size-8" aria-hidden="true" />
              )}
            </div>
            <div className="space-y-1">
              <Label htmlFor="org-logo">Logo</Label>
              <Input id="org-logo" type="file" accept="image/*" disabled={isUploading} onChange={(event) => void onLogo(event.target.files?.[0])} />
              {isUploading ? <p className="text-muted-foreground text-xs">Uploading...</p> : null}
              {uploadError ? (
                <p role="alert" className="text-destructive text-sm">
                  {uploadError}
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Company Information</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map((field) => (
              <TextField
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type}
                required={field.name === 'company_name'}
                placeholder={field.name === 'website' ? window.location.host : undefined}
                wide={field.name === 'company_name' || field.name === 'address'}
              />
            ))}
          </CardContent>
        </Card>
        <SectionCard title="Accounting" description="Budgets cover a fiscal year of twelve months from this month; a budget keeps the months it was made with.">
          <div className="w-48">
            <SelectField name="fiscal_year_start_month" label="Fiscal year starts in" options={MONTHS} />
          </div>
        </SectionCard>
        <SectionCard title="Billing" description="How assessments are billed, when the daily runs happen, and the order payments pay open charges in.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="time_zone" label="Time zone" list="org-time-zones" placeholder="The server's time zone" />
            <datalist id="org-time-zones">
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <SelectField name="run_hour" label="Daily run hour" options={HOURS} />
            <SelectField name="co_owner_billing" label="Co-owned units" options={CO_OWNER_CHOICES} />
            <SelectField name="payment_application_order" label="Payment application order" options={APPLICATION_ORDERS} />
            <SwitchField name="auto_apply_credits" label="Apply owners' credit to new charges automatically" />
            <TextField name="nsf_fee_amount" label="NSF fee (returned ACH debit)" type="number" min={0} step="0.01" description="Billed to the owner when an autopay debit comes back; empty: no fee." />
          </div>
        </SectionCard>
        <SectionCard title="Community" description="The state above (a two-letter code such as CA or FL) decides the law violations, hearings and records requests follow.">
          <div className="w-64">
            <TextField name="arc_response_days" label="Architectural review response days" type="number" min={1} max={365} step="1" description="Days the committee has to answer an owner's request." />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField name="estoppel_fee" label="Estoppel certificate fee" type="number" min={0} step="0.01" description="Where no statute sets it; Florida's caps apply there. Empty: none." />
            <TextField name="estoppel_rush_fee" label="Estoppel rush fee" type="number" min={0} step="0.01" description="Added for delivery within 3 business days." />
            <TextField name="estoppel_delinquent_fee" label="Estoppel delinquent account fee" type="number" min={0} step="0.01" description="Added when the unit's account is past due." />
          </div>
        </SectionCard>
        {isAdmin ? (
          <SectionCard title="Registration" description="When open, anyone can create an account; staff then assign an application role.">
            <SwitchField name="open_registration" label="Open registration" />
          </SectionCard>
        ) : null}
        {isAdmin ? (
          <SectionCard
            title="Sign-in security"
            description={`When required, administrators and property managers must sign in with a code from an authenticator app; those who have not set it up are asked to at their next sign-in.${user.two_factor_enabled ? '' : ' You have not set it up yet, so you will be asked to right away.'}`}
          >
            <SwitchField name="require_two_factor_for_staff" label="Require two-factor authentication for staff" />
          </SectionCard>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || isUploading}>
            <SaveIcon aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** Organization Settings (spec part 1, section 2): the first settings record, created when none exists. */
export default function OrgSettingsPage() {
  const settings = useQuery(orgSettingsQuery);
  if (isForbidden(settings.error)) return <NoAccess />;

  return (
    <ListPage
      title="Organization Settings"
      description="Your association's name, address, contact details and logo"
      className="max-w-3xl"
    >
      {settings.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : settings.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{settings.error.message}</AlertDescription>
        </Alert>
      ) : (
        <SettingsForm key={settings.data?.id ?? 'new'} settings={settings.data} />
      )}
    </ListPage>
  );
}
