import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { uniqueOwnerId } from '../pages/invoices-page.mjs';

const PHONE = { width: 390, height: 844 };
const tag = () => Math.random().toString(36).slice(2, 7);

/**
 * An owner with a unit and their sign-in, and an open election (two seats and a yes-or-no measure). The electorate is
 * every unit of the shared instance, so the quorum is set low: the spec checks the ballot, the receipt and the count.
 * @param {import('../lib/api.mjs').ServerApi} api
 */
async function openElection(api) {
  const token = await adminToken(api);
  const t = tag();
  const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Vera', last_name: `Voter${t}` } });
  const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: uniqueOwnerId(), unit_number: `V-${t}` } });
  await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } });
  const member = await memberToken(api, { email: `vera.${t}@example.com`, full_name: `Vera Voter${t}`, role: 'owner' });
  await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
  const vote = await api.app('POST', '/entities/Vote', {
    token,
    body: {
      title: `Board election ${t}`, kind: 'election', quorum_percent: '0.1',
      questions: [{ text: 'Directors', kind: 'candidates', seats: 2, options: ['Avery', 'Blake', 'Casey'] }, { text: 'Repaint the clubhouse?', kind: 'yes_no' }],
    },
  });
  await api.app('POST', '/functions/openVote', { token, body: { vote_id: vote.id } });
  return { t, token, unit, vote, ownerToken: await api.login(member.user.email, 'Member-e2e-2024!') };
}

export default [
  spec('votes: an owner votes on a phone, keeps the receipt and finds it in the log; staff close the vote and see the recount', async ({ page, api, snap }) => {
    const fx = await openElection(api);
    await page.setViewportSize(PHONE);
    await signInWithToken(page, fx.ownerToken, '/myaccount');
    const card = page.getByRole('region', { name: fx.vote.title });
    const ballot = card.getByRole('form', { name: `Ballot for unit ${fx.unit.unit_number}` });
    await expectVisible(ballot);
    await ballot.getByLabel('Avery').check();
    await ballot.getByLabel('Casey').check();
    await ballot.getByLabel('Yes').check();
    await snap('my-account-ballot');
    await ballot.getByRole('button', { name: `Cast ballot for unit ${fx.unit.unit_number}` }).click();
    const receiptBox = card.getByRole('status', { name: 'Your receipt' });
    await expectVisible(receiptBox);
    const receipt = (await receiptBox.getByTestId('receipt').innerText()).trim();
    expectEqual(/^[0-9a-f]{64}$/.test(receipt), true, `a 64-character receipt: ${receipt}`);
    await snap('my-account-receipt');

    await card.getByLabel('Find a receipt in the log').fill(receipt);
    await card.getByRole('button', { name: 'Find' }).click();
    await expectVisible(card.getByRole('status').getByText(/^Found: entry #\d+, weight 1, answers 1: Avery, Casey; 2: yes\.$/));

    await page.reload();
    await expectVisible(card.getByText(`Unit ${fx.unit.unit_number}: your ballot is in.`));
    // A second ballot for the unit is refused by the server whoever sends it.
    const again = await api.app('POST', '/functions/castBallot', { token: fx.ownerToken, body: { vote_id: fx.vote.id, property_id: fx.unit.id, answers: [] } }).then(() => null, (err) => err);
    expectEqual([again?.status, again?.data?.message], [409, 'This unit has already voted; a unit casts one ballot'], 'one ballot per unit');

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithToken(page, fx.token, '/votes');
    const row = page.getByRole('row', { name: fx.vote.title });
    await row.getByRole('button', { name: 'View' }).click();
    await expectVisible(page.getByRole('region', { name: 'Participation' }).getByText(/units have voted/));
    await snap('votes');
    await row.getByRole('button', { name: 'Close' }).click();
    const results = page.getByRole('region', { name: `Results of ${fx.vote.title}` });
    await expectVisible(results.getByText(/Head hash of the ballot log counted/));
    await expectVisible(results.getByRole('table', { name: 'Tally of question 1' }).getByRole('row', { name: /Avery/ }));
    await snap('votes-results');
  }),

  spec('votes: staff create a draft vote with its questions from the New Vote dialog', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const title = `Pool hours ${tag()}`;
    await signInWithToken(page, token, '/votes');
    await page.getByRole('button', { name: 'New Vote' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Vote' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Kind').selectOption('measure');
    await dialog.getByLabel('Quorum (%)').fill('20');
    await dialog.getByLabel('Question', { exact: true }).fill('Open the pool at 6 am?');
    await snap('votes-new');
    await dialog.getByRole('button', { name: 'Create Vote' }).click();
    const row = page.getByRole('row', { name: title });
    await expectVisible(row.getByText('Draft'));
    await expectVisible(row.getByRole('button', { name: 'Open' }));
  }),

  spec('votes: from the electorate, the inspector enters a written ballot and staff record a signed proxy to a director', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const me = await api.me(token);
    const t = tag();
    const director = await memberToken(api, { email: `dana.director.${t}@example.com`, full_name: `Dana Director${t}`, role: 'board_member' });
    const units = [];
    for (const k of ['P', 'X']) {
      const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Ina', last_name: `Spector${k}${t}` } });
      const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: uniqueOwnerId(), unit_number: `${k}-${t}` } });
      await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } });
      units.push(unit);
    }
    const vote = await api.app('POST', '/entities/Vote', {
      token,
      body: { title: `Pool measure ${t}`, kind: 'measure', quorum_percent: '0.1', inspector_user_id: me.id, questions: [{ text: 'Heat the pool in winter?', kind: 'yes_no' }] },
    });
    await api.app('POST', '/functions/openVote', { token, body: { vote_id: vote.id } });

    await signInWithToken(page, token, '/votes');
    await page.getByRole('row', { name: vote.title }).getByRole('button', { name: 'View' }).click();
    const electorate = page.getByRole('region', { name: 'Electorate' });
    await electorate.getByLabel('Find a unit').fill(`P-${t}`);
    const paperRow = electorate.getByRole('row', { name: new RegExp(`P-${t}`) });
    await paperRow.getByRole('button', { name: 'Enter Paper Ballot' }).click();
    const ballot = electorate.getByRole('form', { name: `Ballot for unit P-${t}` });
    await ballot.getByLabel('No').check();
    await snap('votes-paper-ballot');
    await ballot.getByRole('button', { name: `Enter paper ballot for unit P-${t}` }).click();
    await expectVisible(paperRow.getByText('Paper'));

    await electorate.getByLabel('Find a unit').fill(`X-${t}`);
    const proxyRow = electorate.getByRole('row', { name: new RegExp(`X-${t}`) });
    await proxyRow.getByRole('button', { name: 'Record Proxy' }).click();
    const form = electorate.getByRole('form', { name: `Record the proxy of unit X-${t}` });
    await form.getByLabel(/Proxy holder named on the form/).selectOption({ label: `Dana Director${t}` });
    await form.getByRole('button', { name: 'Record Proxy' }).click();
    await expectVisible(proxyRow.getByText(`Dana Director${t}`));
    await snap('votes-electorate');
    // The director votes the unit by its proxy; the electorate shows how.
    await api.app('POST', '/functions/castBallot', { token: director.token, body: { vote_id: vote.id, property_id: units[1].id, answers: [{ question_index: 0, choices: ['yes'] }] } });
    await expectVisible(proxyRow.getByText('Proxy'));
  }),
];
