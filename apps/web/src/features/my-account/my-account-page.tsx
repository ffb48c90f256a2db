import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDownIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { ownerCollectionsQuery } from '@/features/collections/collections.api';
import { OwnerCollections } from '@/features/collections/owner-collections';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/app/current-user';
import { accessOf, permissionLevelOf } from '@/app/navigation';
import { useCurrentAppId } from '@/app/association-switcher';
import { myAssociationsQuery } from '@/features/portfolio/portfolio.api';
import { associationHref } from '@/lib/association';
import { currentMonth, StatementPeriodFields } from '@/features/mailings/statement-period';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import { AutopayCard } from '@/features/ach/autopay-card';
import { AnnouncementFeed } from '@/features/announcements/announcement-feed';
import { DocumentList } from '@/features/documents/documents-page';
import { documentListQuery } from '@/features/documents/documents.api';
import { MyVotes } from '@/features/votes/my-votes';
import { MyMeetings } from '@/features/meetings/my-meetings';
import { MyRequests } from '@/features/work-orders/my-requests';
import { MyViolations } from '@/features/violations/my-violations';
import { MyArchitecturalRequests } from '@/features/architectural-requests/architectural-requests-page';
import { downloadMyStatement, myAccountQuery, updateMyPhone, type MyAccount } from './my-account.api';

/** My Account: where an owner, renter or household member lands after signing in. */
export default function MyAccountPage() {
  const account = useQuery(myAccountQuery());
  return (
    <ListPage
      title="My Account"
      description="Your balance, charges, payments and statements"
      className="max-w-5xl"
    >
      <MyAssociations />
      <FormError error={account.error} />
      {account.isPending ? <Skeleton className="h-40" role="status" aria-label="Loading your account" /> : null}
      {account.data ? <AccountView account={account.data} /> : null}
    </ListPage>
  );
}

/** An owner with units in several associations (one sign-in) switches between their accounts here. */
function MyAssociations() {
  const mine = useQuery(myAssociationsQuery);
  const currentId = useCurrentAppId();
  const associations = mine.data?.associations ?? [];
  if (associations.length < 2) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your associations</h2>
        </CardTitle>
        <CardDescription>Your sign-in opens each association where you own or live in a unit.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-wrap gap-2" aria-label="Your associations">
          {associations.map((a) => (
            <li key={a.app_id}>
              {a.app_id === currentId ? (
                <Badge aria-current="page">{a.name}</Badge>
              ) : (
                <Button asChild variant="outline" size="sm">
                  <a href={associationHref(a.app_id, '/myaccount')}>Open {a.name}</a>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The owner's collections standing (stage, payment plan, letters released to them), shown only when there is one. */
function MyCollections({ ownerId }: { ownerId: string }) {
  const data = useQuery(ownerCollectionsQuery(ownerId)).data;
  if (!data || (!data.case && data.payment_plans.length === 0 && data.letters.length === 0)) return null;
  return (
    <Card>
      <CardContent>
        <OwnerCollections ownerId={ownerId} />
      </CardContent>
    </Card>
  );
}

/** The association's documents the caller may read (governing documents, rules, budgets…); nothing without the privilege. */
function MyDocuments() {
  const docs = useQuery({ ...documentListQuery(), retry: false });
  if (docs.isError || !docs.data?.rows.length) return null;
  return (
    <section aria-labelledby="my-documents" className="space-y-3">
      <h2 id="my-documents" className="text-lg font-semibold">
        Documents
      </h2>
      <DocumentList />
    </section>
  );
}

function AccountView({ account: a }: { account: MyAccount }) {
  const user = useCurrentUser();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure title="Current Balance" value={formatMoney(a.balance)} note={a.balance < 0 ? 'You have a credit' : `As of ${a.as_of}`} />
        <Figure title="Next Due" value={a.next_due ? formatMoney(a.next_due.amount) : 'Nothing due'} note={a.next_due ? `Due ${a.next_due.date}` : ''} />
        <Figure title="Past Due" value={formatMoney(a.past_due)} note={a.past_due > 0 ? 'Please pay as soon as possible' : 'Nothing past due'} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Open Charges</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Open charges"
            rows={a.open_charges}
            rowKey={(c) => c.id}
            empty="No open charges."
            columns={[
              { id: 'invoice', header: 'Invoice', className: 'font-medium', cell: (c) => c.invoice_number },
              { id: 'date', header: 'Date', cell: (c) => c.invoice_date },
              { id: 'due', header: 'Due', cell: (c) => c.due_date ?? '' },
              { id: 'open', header: 'Open', align: 'end', cell: (c) => formatMoney(c.open) },
            ]}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent Payments</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Recent payments"
            rows={a.recent_payments}
            rowKey={(p) => p.id}
            empty="No payments yet."
            columns={[
              { id: 'date', header: 'Date', cell: (p) => p.payment_date },
              {
                id: 'payment', header: 'Payment',
                cell: (p) => (
                  <span>
                    {p.payment_number} {p.status !== 'cleared' ? <Badge variant="secondary">{humanize(p.status)}</Badge> : null}
                  </span>
                ),
              },
              { id: 'method', header: 'Method', cell: (p) => humanize(p.payment_method) },
              { id: 'amount', header: 'Amount', align: 'end', cell: (p) => formatMoney(p.amount) },
            ]}
          />
        </CardContent>
      </Card>

      <StatementCard />
      {accessOf(user, 'meetings').canRead ? <MyMeetings /> : null}
      <MyVotes />
      <AutopayCard />
      <MyCollections ownerId={a.owner.id} />
      <AnnouncementFeed />
      <MyDocuments />
      {accessOf(user, 'work_orders').canRead ? <MyRequests /> : null}
      {accessOf(user, 'architectural_requests').canRead ? <MyArchitecturalRequests /> : null}
      {/* Only an owner's own violations: staff reading My Account would otherwise get the whole community's. */}
      {permissionLevelOf(user, 'violations') === 'own_records' ? <MyViolations /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>My Units</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {a.units.length === 0 ? <p className="text-muted-foreground text-sm">No units are linked to your account.</p> : null}
            {a.units.map((u) => (
              <div key={u.property_id} className="space-y-1" role="group" aria-label={`Unit ${u.unit_number}`}>
                <p className="font-medium">
                  Unit {u.unit_number}
                  {u.street_address ? `, ${u.street_address}` : ''} · {humanize(u.relationship_type)} {u.ownership_percentage}%
                </p>
                {u.co_owners.length ? (
                  <p className="text-muted-foreground text-sm">Co-owners: {u.co_owners.map((c) => `${c.name} (${c.ownership_percentage}%)`).join(', ')}</p>
                ) : null}
              </div>
            ))}
          </CardContent>
        </Card>
        <ContactCard owner={a.owner} />
      </div>
    </>
  );
}

function Figure({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
        <CardTitle className="text-2xl">{value}</CardTitle>
      </CardHeader>
      {note ? <CardContent className="text-muted-foreground text-sm">{note}</CardContent> : null}
    </Card>
  );
}

function StatementCard() {
  const [period, setPeriod] = useState(currentMonth);
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      await downloadMyStatement(period.from, period.to);
    } catch (e) {
      toast.error(`Failed to download the statement: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statements</CardTitle>
        <CardDescription>Download your statement for any period as a PDF.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <StatementPeriodFields value={period} onChange={setPeriod} />
        <Button variant="outline" disabled={busy || !period.from || !period.to} onClick={() => void onDownload()}>
          <FileDownIcon /> Download Statement (PDF)
        </Button>
      </CardContent>
    </Card>
  );
}

/** Contact details from the owner record; the phone on the user's own record is theirs to change, as on User Profile. */
function ContactCard({ owner }: { owner: MyAccount['owner'] }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(user.phone ?? '');
  const save = useMutation({
    mutationFn: () => updateMyPhone(phone),
    onSuccess: () => {
      toast.success('Contact details saved');
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const cityLine = [owner.city, [owner.state, owner.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Details</CardTitle>
        <CardDescription>Account #{owner.owner_id} · {humanize(owner.resident_status)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="space-y-1">
          <div><dt className="text-muted-foreground inline">Name: </dt><dd className="inline">{owner.name}</dd></div>
          <div><dt className="text-muted-foreground inline">Email: </dt><dd className="inline">{owner.email ?? '—'}</dd></div>
          <div>
            <dt className="text-muted-foreground inline">Mailing address: </dt>
            <dd className="inline">{[owner.mailing_address, owner.mailing_address_2, cityLine].filter(Boolean).join(', ') || '—'}</dd>
          </div>
        </dl>
        <form className="space-y-2" onSubmit={onSubmit}>
          <Label htmlFor="my-phone">Phone</Label>
          <div className="flex gap-2">
            <Input id="my-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            <Button type="submit" disabled={save.isPending}>Save</Button>
          </div>
          <FormError error={save.error} />
        </form>
        <p className="text-muted-foreground">To change your name, email or mailing address, contact the association.</p>
      </CardContent>
    </Card>
  );
}
