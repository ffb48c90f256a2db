import { expectEqual, expectValue, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ReservesPage } from '../pages/reserves-page.mjs';

export default [
  spec('reserves: components, percent funded against the reserve fund, the projection as a chart and its table', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const funds = await api.app('GET', '/entities/Fund', { token });
    const fund = (/** @type {string} */ key) => funds.find((/** @type {any} */ f) => f.system_key === key).id;
    // The reserve fund holds 50,000.00.
    await api.app('POST', '/functions/transferBetweenFunds', { token, body: { date: '2012-02-01', from_fund_id: fund('operating'), to_fund_id: fund('reserve'), amount: 50000 } });
    await api.app('POST', '/entities/ReserveComponent', { token, body: { name: 'Asphalt paving', category: 'Paving', useful_life_years: 20, remaining_life_years: 5, current_replacement_cost: 80000 } });
    await api.app('POST', '/entities/ReserveComponent', { token, body: { name: 'Pool resurfacing', category: 'Amenities', useful_life_years: 10, remaining_life_years: 0, current_replacement_cost: 30000 } });

    await signInWithToken(page, token, '/Reserves');
    const reserves = new ReservesPage(page);
    await expectVisible(reserves.heading);
    // Fully funded: paving 80,000 × 15/20 = 60,000; pool 30,000 (due now).
    await expectVisible(reserves.figure('Fully Funded Balance').getByText('$90,000.00'));

    // Roof: 250,000 × 15/25 = 150,000. A remaining life beyond the useful life is refused first.
    await reserves.addComponent({ 'Name *': 'Roof replacement', 'Category': 'Roofing', 'Useful Life (years) *': '25', 'Remaining Life (years) *': '30', 'Current Replacement Cost *': '250000', 'Inflation (% a year)': '3' });
    await expectVisible(reserves.dialog.getByText('Remaining life cannot exceed useful life'));
    await reserves.field('Remaining Life (years) *').fill('10');
    await reserves.submit('Add Component');
    await expectVisible(reserves.toast('Component added'));
    await expectVisible(reserves.components.getByRole('row', { name: 'Roof replacement' }).getByText('$150,000.00'));

    // 50,000 of 240,000.
    await expectVisible(reserves.figure('Reserve Fund Balance').getByText('$50,000.00'));
    await expectVisible(reserves.figure('Fully Funded Balance').getByText('$240,000.00'));
    await expectVisible(reserves.figure('Percent Funded').getByText('20.83%'));

    // No adopted reserve budget this year: the contribution is entered.
    await expectValue(reserves.contribution, '0');
    await reserves.contribution.fill('24000');
    await reserves.recalculate.click();
    await expectVisible(reserves.chart);
    await expectVisible(reserves.chart.locator('.recharts-surface'));
    const firstRow = reserves.projection.locator('tbody tr').first();
    await expectVisible(firstRow.getByRole('cell', { name: '$44,000.00', exact: true }));
    const first = await firstRow.getByRole('cell').allInnerTexts();
    // This year: 50,000 + 24,000 − the pool (30,000) = 44,000; percent funded today 20.83%.
    expectEqual(first.slice(1), ['$50,000.00', '$24,000.00', '$0.00', '$30,000.00', '$44,000.00', '$240,000.00', '20.83%', 'Pool resurfacing'], 'the first projected year');
    expectEqual(await reserves.projection.locator('tbody tr').count(), 30, 'thirty years');
    await snap('reserves');

    await reserves.components.getByRole('button', { name: 'Delete Pool resurfacing' }).click();
    await reserves.acceptConfirm('Delete');
    await expectVisible(reserves.figure('Fully Funded Balance').getByText('$210,000.00'));
  }),
];
