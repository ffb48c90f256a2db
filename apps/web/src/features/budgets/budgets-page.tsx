import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { fiscalYearOf } from '@covenant/contracts/budgets';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { orgSettingsQuery } from '@/features/org-settings/org-settings.api';
import { AssessmentCalculator } from './assessment-calculator';
import { BudgetGrid } from './budget-grid';
import { BudgetPicker, BudgetVsActualView } from './budget-vs-actual';
import { budgetQuery, budgetsQuery, fundsQuery, type Budget } from './budgets.api';
import { NewBudgetDialog } from './new-budget-dialog';
import { today } from '@/lib/dates';


/** The budget chosen on the screen with its lines, for the grid, the report and the calculator. */
function useChosenBudget(id: string | undefined) {
  return useQuery({ ...budgetQuery(id ?? ''), enabled: !!id });
}

/** Budgets: the list, the grid of the chosen budget, budget vs actual and the assessment calculator. */
export default function BudgetsPage() {
  const user = useCurrentUser();
  const canWrite = accessOf(user, 'chart_of_accounts').canWrite;
  useLiveEntities('Budget', 'BudgetLine');
  const budgets = useQuery(budgetsQuery);
  const funds = useQuery(fundsQuery);
  const accounts = useQuery(accountsQuery({ account_type: { $in: ['revenue', 'expense'] } }));
  const settings = useQuery({ ...orgSettingsQuery, enabled: canWrite });
  const [tab, setTab] = useState('budgets');
  const [chosenId, setChosenId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const list = budgets.data ?? [];
  const selectedId = chosenId && list.some((b) => b.id === chosenId) ? chosenId : undefined;
  const reportId = selectedId ?? list.find((b) => b.status === 'adopted')?.id ?? list[0]?.id;
  const chosen = useChosenBudget(tab === 'budgets' ? selectedId : reportId);
  const fundName = (b: Pick<Budget, 'fund_id'>) => funds.data?.find((f) => f.id === b.fund_id)?.name ?? '';
  const accountMap = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);
  const currentFiscalYear = fiscalYearOf(today(), settings.data?.fiscal_year_start_month ?? 1);

  if (isForbidden(budgets.error)) return <NoAccess />;

  return (
    <ListPage
      title="Budgets"
      description="Each fund's budget by fiscal year, compared with the ledger"
      className="max-w-[100rem]"
      actions={
        <>
          {canWrite ? (
            <Button onClick={() => setCreating(true)} disabled={!funds.data}>
              <PlusIcon aria-hidden="true" />
              New Budget
            </Button>
          ) : null}
        </>
      }
    >

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="budgets">Budgets</TabsTrigger>
          <TabsTrigger value="vs-actual">Budget vs Actual</TabsTrigger>
          <TabsTrigger value="calculator">Assessment Calculator</TabsTrigger>
        </TabsList>

        <TabsContent value="budgets" className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>All Budgets</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <DataTable
                label="Budgets"
                loading={budgets.isPending && 'Loading budgets'}
                rows={list}
                rowKey={(b) => b.id}
                rowProps={(b) => ({ 'aria-label': b.name, 'data-state': b.id === selectedId ? 'selected' : undefined })}
                empty="No budgets yet"
                columns={[
                  { id: 'name', header: 'Name', className: 'font-medium', cell: (b) => b.name },
                  { id: 'year', header: 'Fiscal Year', cell: (b) => b.fiscal_year },
                  { id: 'fund', header: 'Fund', hideBelow: 'sm', cell: (b) => fundName(b) },
                  { id: 'status', header: 'Status', cell: (b) => <Badge variant={b.status === 'adopted' ? 'default' : 'secondary'}>{b.status === 'adopted' ? 'Adopted' : 'Draft'}</Badge> },
                  { id: 'revenue', header: 'Revenue', align: 'end', cell: (b) => formatMoney(b.total_revenue) },
                  { id: 'expenses', header: 'Expenses', align: 'end', cell: (b) => formatMoney(b.total_expenses) },
                ]}
                actionsHeader={<span className="sr-only">Open</span>}
                actions={(b) => (
                  <Button variant="outline" size="sm" onClick={() => setChosenId(b.id)} aria-label={`Open ${b.name}`}>
                    Open
                  </Button>
                )}
              />
            </CardContent>
          </Card>
          {selectedId ? (
            chosen.data && accounts.data ? (
              <Card>
                <CardContent>
                  <BudgetGrid key={chosen.data.id} budget={chosen.data} fundName={fundName(chosen.data)} readOnly={!canWrite} />
                </CardContent>
              </Card>
            ) : (
              <Skeleton className="h-64" />
            )
          ) : null}
        </TabsContent>

        <TabsContent value="vs-actual">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Budget vs Actual</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {reportId && chosen.data ? (
                <BudgetVsActualView budget={chosen.data} budgets={list} onChangeBudget={setChosenId} />
              ) : list.length === 0 ? (
                <p className="text-muted-foreground">No budgets yet</p>
              ) : (
                <Skeleton className="h-48" />
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="calculator">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Assessment Calculator</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {reportId && chosen.data && accounts.data ? (
                <div className="space-y-6">
                  <BudgetPicker id="calculator-budget" budgets={list.filter((b) => b.status === 'adopted')} value={chosen.data.id} onChange={setChosenId} />
                  <AssessmentCalculator key={chosen.data.id} budget={chosen.data} accounts={accountMap} />
                </div>
              ) : list.length === 0 ? (
                <p className="text-muted-foreground">No budgets yet</p>
              ) : (
                <Skeleton className="h-48" />
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      {creating && funds.data ? (
        <NewBudgetDialog
          funds={funds.data}
          fiscalYear={currentFiscalYear}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setChosenId(id);
            setTab('budgets');
          }}
        />
      ) : null}
    </ListPage>
  );
}
