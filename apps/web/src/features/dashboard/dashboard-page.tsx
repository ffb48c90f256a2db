import { isOverdue } from '@covenant/contracts/documents';
import { ListPage } from '@/components/list-page';
import { formatMoney } from '@covenant/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertCircleIcon, Building2Icon, CheckCircle2Icon, ClockIcon, DollarSignIcon, ShieldCheckIcon, UsersIcon, WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { count, entityCountQuery, invokeFunction, useLiveRefresh } from '@/lib/entities';
import { monthLabel } from '@/lib/format';
import { isAdminUser, roleLabelOf } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';
import { useDebugMode } from '@/app/debug-mode';
import { dashboardSummaryQuery, type DashboardSummary } from '@/features/dashboard/dashboard.api';
import { today } from '@/lib/dates';
import { AnnouncementFeed } from '@/features/announcements/announcement-feed';

/** recharts loads after the figures, with the chart. */
const BarChartWithTable = lazy(() => import('@/components/bar-chart-with-table'));

/** Collections by month for the last twelve months, with its table alternative. */
function CollectionsCard({ months }: { months: DashboardSummary['collections_by_month'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Collections</h2>
        </CardTitle>
        <CardDescription>Payments received by month, last 12 months</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <BarChartWithTable
            title="Payments received by month"
            categoryLabel="Month"
            rows={months.map((m) => ({ category: monthLabel(m.month), payments_received: m.payments_received }))}
            series={[{ key: 'payments_received', label: 'Payments received', color: 'var(--chart-2)' }]}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}

/** The one overdue rule (contracts), applied to a recent invoice as of today. */
const overdue = (invoice: DashboardSummary['recent_invoices'][number]) => isOverdue(invoice, today());

function Tile({ title, value, to, icon: Icon }: { title: string; value: string; to: string; icon: LucideIcon }) {
  return (
    <Link to={to} className="focus-visible:ring-ring/50 rounded-xl outline-none focus-visible:ring-[3px]">
      <Card className="hover:border-primary/50 h-full gap-2 py-5 transition-colors">
        <CardHeader className="flex flex-row items-center justify-between px-5">
          <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
          <Icon className="text-primary size-5" aria-hidden="true" />
        </CardHeader>
        <CardContent className="px-5">
          <p className="text-2xl font-bold tabular-nums">{value}</p>
        </CardContent>
      </Card>
    </Link>
  );
}

function PrivilegesCard() {
  const queryClient = useQueryClient();
  const privileges = useQuery(entityCountQuery('Privilege'));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const initialize = useMutation({
    mutationFn: () => invokeFunction('initializePrivileges', {}),
    onSuccess: () => setResult({ ok: true, text: 'Privileges initialized successfully! Refreshing page...' }),
    onError: (error) => setResult({ ok: false, text: `Failed to initialize privileges: ${error.message}` }),
  });
  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => window.location.reload(), 1500);
    return () => clearTimeout(timer);
  }, [result]);
  const hasPrivileges = (privileges.data ?? 0) > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="text-primary size-5" aria-hidden="true" />
          <h2>{hasPrivileges ? 'Re-initialize Privileges' : 'Setup Privileges'}</h2>
        </CardTitle>
        <CardDescription>
          {hasPrivileges
            ? 'Resets the six system roles and their default privileges. Custom changes made in Role Management are replaced.'
            : 'No privileges are set up yet. Initialize the system roles and their default privileges.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button
          onClick={() => {
            setResult(null);
            initialize.mutate(undefined, { onSettled: () => void queryClient.invalidateQueries({ queryKey: ['entity', 'Privilege'] }) });
          }}
          disabled={initialize.isPending || result?.ok === true}
        >
          {initialize.isPending ? 'Initializing...' : hasPrivileges ? 'Re-initialize Privileges' : 'Initialize Privileges'}
        </Button>
        {result ? (
          <Alert variant={result.ok ? 'default' : 'destructive'} role={result.ok ? 'status' : 'alert'}>
            {result.ok ? <CheckCircle2Icon aria-hidden="true" /> : <AlertCircleIcon aria-hidden="true" />}
            <AlertDescription>{result.ok ? `✓ ${result.text}` : result.text}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DebugCard() {
  const user = useCurrentUser();
  const roles = useQuery({ queryKey: ['entity', 'Role', 'count', {}], queryFn: () => count('Role'), enabled: isAdminUser(user) });
  const granted = (user.userPrivileges ?? []).filter((p) => p.permission_level !== 'none');
  return (
    <Card className="border-dashed">
      <CardHeader>
        <CardTitle>
          <h2>Debug Status</h2>
        </CardTitle>
        <CardDescription>Shown because debug mode is on.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">User</dt>
            <dd className="font-medium break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">System role / application role</dt>
            <dd className="font-medium">
              {user.role} / {user.user_role ?? 'none'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Resources granted</dt>
            <dd className="font-medium">
              {granted.length} of {user.userPrivileges?.length ?? 0}
            </dd>
          </div>
          {isAdminUser(user) ? (
            <div>
              <dt className="text-muted-foreground">Roles defined</dt>
              <dd className="font-medium">{roles.data ?? '…'}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-3 flex flex-wrap gap-1">
          {granted.map((p) => (
            <Badge key={p.resource_name} variant="outline">
              {p.resource_name}: {p.permission_level}
            </Badge>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

function RecentList({ title, empty, children, isEmpty }: { title: string; empty: string; isEmpty: boolean; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{isEmpty ? <p className="text-muted-foreground py-6 text-center text-sm">{empty}</p> : <ul className="divide-y">{children}</ul>}</CardContent>
    </Card>
  );
}

function statusVariant(status: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (status === 'paid' || status === 'cleared') return 'default';
  if (status === 'overdue' || status === 'bounced') return 'destructive';
  if (status === 'draft' || status === 'cancelled') return 'outline';
  return 'secondary';
}

/** The signed-in home (spec part 1, section 2 'Dashboard'); figures are server-side aggregates. */
export default function DashboardPage() {
  const user = useCurrentUser();
  const isDebug = useDebugMode();
  useLiveRefresh(dashboardSummaryQuery.queryKey, 'Invoice', 'Payment', 'Owner', 'Property', 'JournalEntry');
  const summary = useQuery(dashboardSummaryQuery);
  const data = summary.data;

  return (
    <ListPage
      title="Dashboard"
      description="Welcome to the HOA management system"
      className="max-w-6xl"
      below={
        <p className="text-sm">
          Signed in as <span className="font-medium">{user.full_name || user.email}</span> ({roleLabelOf(user)})
        </p>
      }
    >

      {isDebug ? <DebugCard /> : null}
      {isAdminUser(user) ? <PrivilegesCard /> : null}

      {summary.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>{summary.error.message}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {!data ? (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-28 rounded-xl" />)
        ) : (
          <>
            {data.total_owners !== null ? <Tile title="Total Owners" value={String(data.total_owners)} to="/owners" icon={UsersIcon} /> : null}
            {data.total_properties !== null ? (
              <Tile title="Total Properties" value={String(data.total_properties)} to="/properties" icon={Building2Icon} />
            ) : null}
            <Tile title="Total Revenue" value={formatMoney(data.total_revenue)} to="/invoices" icon={DollarSignIcon} />
            <Tile title="Payments Received" value={formatMoney(data.payments_received)} to="/payments" icon={WalletIcon} />
          </>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Outstanding Balance</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold tabular-nums" data-testid="outstanding-balance">
              {data ? formatMoney(data.outstanding_balance) : '…'}
            </p>
            <p className="text-muted-foreground text-sm" data-testid="outstanding-count">
              {data ? `${data.outstanding_count} ${data.outstanding_count === 1 ? 'invoice' : 'invoices'} with a balance due` : ''}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ClockIcon className="text-destructive size-5" aria-hidden="true" />
              <h2>Overdue Invoices</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold tabular-nums" data-testid="overdue-count">
              {data ? data.overdue_count : '…'}
            </p>
            <p className="text-muted-foreground text-sm">past their due date with a balance</p>
          </CardContent>
        </Card>
      </div>

      <AnnouncementFeed limit={3} />

      {data && data.collections_by_month.length > 0 ? <CollectionsCard months={data.collections_by_month} /> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <RecentList title="Recent Invoices" empty="No invoices yet" isEmpty={!!data && data.recent_invoices.length === 0}>
          {data?.recent_invoices.map((invoice) => (
            <li key={invoice.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{invoice.invoice_number}</p>
                <p className="text-muted-foreground truncate text-sm">
                  {invoice.owner_name || '—'} · {invoice.invoice_date}
                </p>
              </div>
              <div className="text-right">
                <p className="font-medium tabular-nums">{formatMoney(invoice.total_amount)}</p>
                <Badge variant={statusVariant(overdue(invoice) ? 'overdue' : invoice.status)}>{overdue(invoice) ? 'overdue' : invoice.status}</Badge>
              </div>
            </li>
          ))}
        </RecentList>
        <RecentList title="Recent Payments" empty="No payments yet" isEmpty={!!data && data.recent_payments.length === 0}>
          {data?.recent_payments.map((payment) => (
            <li key={payment.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{payment.payment_number}</p>
                <p className="text-muted-foreground truncate text-sm">
                  {payment.owner_name || '—'} · {payment.payment_date}
                  {payment.payment_method ? ` · ${payment.payment_method.replace(/_/g, ' ')}` : ''}
                </p>
              </div>
              <div className="text-right">
                <p className="font-medium tabular-nums">{formatMoney(payment.amount)}</p>
                <Badge variant={statusVariant(payment.status)}>{payment.status}</Badge>
              </div>
            </li>
          ))}
        </RecentList>
      </div>
    </ListPage>
  );
}
