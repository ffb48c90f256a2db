import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { fiscalYearOf } from '@covenant/contracts/budgets';
import { formatMoney } from '@covenant/contracts/money';
import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
              {budgets.isPending ? (
                <Skeleton className="h-32" />
              ) : (
                <Table aria-label="Budgets">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Name</TableHead>
                      <TableHead>Fiscal Year</TableHead>
                      <TableHead>Fund</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="text-right">Revenue</TableHead>
                      <TableHead className="text-right">Expenses</TableHead>
                      <TableHead>
                        <span className="sr-only">Open</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={7} className="text-muted-foreground py-6 text-center">
                          No budgets yet
                        </TableCell>
                      </TableRow>
                    ) : (
                      list.map((b) => (
                        <TableRow key={b.id} aria-label={b.name} data-state={b.id === selectedId ? 'selected' : undefined}>
                          <TableCell className="font-medium">{b.name}</TableCell>
                          <TableCell>{b.fiscal_year}</TableCell>
                          <TableCell>{fundName(b)}</TableCell>
                          <TableCell>
                            <Badge variant={b.status === 'adopted' ? 'default' : 'secondary'}>{b.status === 'adopted' ? 'Adopted' : 'Draft'}</Badge>
                          </TableCell>
                          <TableCell className="text-right tabular-nums">{formatMoney(b.total_revenue)}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatMoney(b.total_expenses)}</TableCell>
                          <TableCell className="text-right">
                            <Button variant="outline" size="sm" onClick={() => setChosenId(b.id)} aria-label={`Open ${b.name}`}>
                              Open
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))
                    )}
                  </TableBody>
                </Table>
              )}
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
