import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { roleLabelOf } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';

/** The signed-in home. The summary tiles and cards of spec part 1, section 2 arrive with their data. */
export function DashboardPage() {
  const user = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <title>Dashboard · Covenant</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Welcome to the HOA management system</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Welcome, {user.full_name || user.email}</h2>
          </CardTitle>
          <CardDescription>You are signed in to the HOA management system.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium">{user.full_name || '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="font-medium break-all">{user.email}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Role</dt>
              <dd className="font-medium">{roleLabelOf(user)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
