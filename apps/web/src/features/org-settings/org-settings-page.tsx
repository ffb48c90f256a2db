import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageIcon, SaveIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ListPage } from '@/components/list-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { create, entityKeys, update, uploadFile } from '@/lib/entities';
import { isAdminUser } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';
import { isForbidden, NoAccess } from '@/app/page-access';
import { orgSettingsQuery, type OrgSettings } from '@/features/org-settings/org-settings.api';

const TEXT_FIELDS = [
  { name: 'company_name', label: 'Company Name', type: 'text' },
  { name: 'address', label: 'Address', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'state', label: 'State', type: 'text' },
  { name: 'zip_code', label: 'Zip Code', type: 'text' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'website', label: 'Website', type: 'url' },
] as const;

type FieldName = (typeof TEXT_FIELDS)[number]['name'];
type FormValues = Record<FieldName, string> & {
  logo_url: string; open_registration: boolean; require_two_factor_for_staff: boolean; fiscal_year_start_month: string;
  time_zone: string; run_hour: string; co_owner_billing: string; payment_application_order: string; auto_apply_credits: boolean;
};

const APPLICATION_ORDERS = [
  { value: 'oldest_first', label: 'Oldest charges first' },
  { value: 'assessments_first', label: 'Assessments first, then other charges, late fees, interest' },
  { value: 'fees_first', label: 'Interest, then late fees, other charges, then assessments' },
];
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function valuesOf(settings: OrgSettings | null): FormValues {
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
  };
}

function SettingsForm({ settings }: { settings: OrgSettings | null }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const isAdmin = isAdminUser(user);

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
      const url = await uploadFile(file);
      setValues((current) => ({ ...current, logo_url: url }));
    } catch {
      setUploadError('Failed to upload logo');
    } finally {
      setIsUploading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<FieldName, string>> = {};
    if (!values.company_name.trim()) next.company_name = 'Company Name is required';
    if (values.email.trim() && !EMAIL.test(values.email.trim())) next.email = 'Please enter a valid email address';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const data: Record<string, unknown> = {
      logo_url: values.logo_url || null, fiscal_year_start_month: Number(values.fiscal_year_start_month), time_zone: values.time_zone.trim() || null,
      run_hour: Number(values.run_hour), co_owner_billing: values.co_owner_billing, payment_application_order: values.payment_application_order,
      auto_apply_credits: values.auto_apply_credits,
    };
    for (const field of TEXT_FIELDS) data[field.name] = field.name === 'company_name' ? values.company_name.trim() : values[field.name].trim() || null;
    if (isAdmin) {
      data.open_registration = values.open_registration;
      data.require_two_factor_for_staff = values.require_two_factor_for_staff;
    }
    save.mutate(data);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Logo</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          <div className="bg-muted flex size-20 items-center justify-center overflow-hidden rounded-lg border">
            {values.logo_url ? (
              <img src={values.logo_url} alt="Organization logo" className="size-full object-contain" />
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
            <div key={field.name} className={field.name === 'company_name' || field.name === 'address' ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
              <Label htmlFor={`org-${field.name}`}>
                {field.label}
                {field.name === 'company_name' ? <span aria-hidden="true"> *</span> : null}
              </Label>
              <Input
                id={`org-${field.name}`}
                type={field.type}
                required={field.name === 'company_name'}
                placeholder={field.name === 'website' ? window.location.host : undefined}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? `org-${field.name}-error` : undefined}
                value={values[field.name]}
                onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
              />
              {errors[field.name] ? (
                <p id={`org-${field.name}-error`} className="text-destructive text-sm">
                  {errors[field.name]}
                </p>
              ) : null}
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Accounting</h2>
          </CardTitle>
          <CardDescription>Budgets cover a fiscal year of twelve months from this month; a budget keeps the months it was made with.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="org-fiscal-year-start">Fiscal year starts in</Label>
          <Select value={values.fiscal_year_start_month} onValueChange={(month) => setValues((current) => ({ ...current, fiscal_year_start_month: month }))}>
            <SelectTrigger id="org-fiscal-year-start" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MONTHS.map((name, i) => (
                <SelectItem key={name} value={String(i + 1)}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Billing</h2>
          </CardTitle>
          <CardDescription>How assessments are billed, when the daily runs happen, and the order payments pay open charges in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="org-time-zone">Time zone</Label>
            <Input id="org-time-zone" list="org-time-zones" placeholder="The server's time zone" value={values.time_zone} onChange={(e) => setValues((current) => ({ ...current, time_zone: e.target.value }))} />
            <datalist id="org-time-zones">
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="org-run-hour">Daily run hour</Label>
            <Select value={values.run_hour} onValueChange={(hour) => setValues((current) => ({ ...current, run_hour: hour }))}>
              <SelectTrigger id="org-run-hour" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {HOURS.map((h) => (
                  <SelectItem key={h.value} value={h.value}>
                    {h.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="org-co-owner-billing">Co-owned units</Label>
            <Select value={values.co_owner_billing} onValueChange={(v) => setValues((current) => ({ ...current, co_owner_billing: v }))}>
              <SelectTrigger id="org-co-owner-billing" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="principal">Bill the principal owner</SelectItem>
                <SelectItem value="split">Split by ownership percentage</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="org-application-order">Payment application order</Label>
            <Select value={values.payment_application_order} onValueChange={(v) => setValues((current) => ({ ...current, payment_application_order: v }))}>
              <SelectTrigger id="org-application-order" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {APPLICATION_ORDERS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch id="org-auto-apply-credits" checked={values.auto_apply_credits} onCheckedChange={(checked) => setValues((current) => ({ ...current, auto_apply_credits: checked }))} />
            <Label htmlFor="org-auto-apply-credits">Apply owners' credit to new charges automatically</Label>
          </div>
        </CardContent>
      </Card>
      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Registration</h2>
            </CardTitle>
            <CardDescription>When open, anyone can create an account; staff then assign an application role.</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-3">
            <Switch
              id="org-open-registration"
              checked={values.open_registration}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, open_registration: checked }))}
            />
            <Label htmlFor="org-open-registration">Open registration</Label>
          </CardContent>
        </Card>
      ) : null}
      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Sign-in security</h2>
            </CardTitle>
            <CardDescription>
              When required, administrators and property managers must sign in with a code from an authenticator app; those who have not set
              it up are asked to at their next sign-in.
              {user.two_factor_enabled ? null : ' You have not set it up yet, so you will be asked to right away.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-3">
            <Switch
              id="org-require-two-factor"
              checked={values.require_two_factor_for_staff}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, require_two_factor_for_staff: checked }))}
            />
            <Label htmlFor="org-require-two-factor">Require two-factor authentication for staff</Label>
          </CardContent>
        </Card>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || isUploading}>
          <SaveIcon aria-hidden="true" />
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
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
