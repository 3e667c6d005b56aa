import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatSchedule } from '../synonyms/diff';
import { callsBut, me, mockStaffApi, refusal, renderStaff, resetStaff, TEST_TOKEN, type Call } from '../testing';

const PAGE = '/staff/merch/synonyms/';
const URL = '/api/staff/merch/synonyms';

function rule(id: string, words: string, replacement: string, startsAt?: string, endsAt?: string) {
  return { id, words, replacement, ...(startsAt ? { startsAt } : {}), ...(endsAt ? { endsAt } : {}) };
}

const TYRE = rule('s1', 'tyre', 'tire');
const LP = rule('s2', 'lp', 'propane');
const XMAS = rule('s3', 'xmas', 'christmas', '2026-12-01T06:00:00Z', '2026-12-26T06:00:00Z');
const DOGGIE = rule('s9', 'doggie', 'dog');

interface Draft {
  ruleId: string;
  rule: ReturnType<typeof rule> | null;
  staffId: string | null;
  draftedAt: string;
}

/** A version of the history: what made it, by whom, on which day of November 2026. */
function version(n: number, change: string, by: string, day: number, extra: Record<string, unknown> = {}) {
  const publishedAt = `2026-11-${String(day).padStart(2, '0')}T15:00:00Z`;
  return { version: n, change, ruleId: null, toVersion: null, staffId: by, publishedAt, ruleCount: 3, ...extra };
}

const VERSIONS = [
  version(4, 'published', 'cu_123', 27, { ruleId: 's3' }),
  version(3, 'removed', 'cu_9', 26, { ruleId: 's9', ruleCount: 2 }),
  version(2, 'rolled-back', 'cu_9', 25, { toVersion: 1 }),
  version(1, 'seeded', 'storefront migrate', 20),
];
const DRAFTED_AT = '2026-11-28T10:00:00Z';

function product(n: number) {
  return {
    blainNumber: String(1000 + n),
    name: `Fence Charger ${n}`,
    vendorBrand: 'Zareba',
    url: `/product/${1000 + n}/fence-charger-${n}/`,
    thumbnail: null,
    priceCents: 5000,
    price: '$50.00',
    pinned: false,
    storeOnHand: null,
  };
}

function searchAnswer(total: number, preview: unknown = undefined) {
  return {
    keyword: 'zapper',
    landing: null,
    total,
    pg: 1,
    mpp: 10,
    pageCount: total > 0 ? 1 : 0,
    sort: 'relevance',
    items: Array.from({ length: Math.min(total, 10) }, (_, i) => product(i + 1)),
    facets: [],
    applied: [],
    query: 'keyword=zapper',
    queryId: 'q1',
    didYouMean: null,
    redirect: null,
    ...(preview ? { preview } : {}),
  };
}

/**
 * A server of the rule set: the reads, the changes (each answering the set) and the search,
 * which finds products for 'zapper' only when previewed with the drafts. `extra` replaces
 * routes.
 */
function server(extra: Record<string, unknown> = {}) {
  const state = {
    version: 4,
    rules: [TYRE, LP, XMAS] as ReturnType<typeof rule>[],
    drafts: [{ ruleId: 's2', rule: null, staffId: 'cu_9', draftedAt: '2026-11-28T09:00:00Z' }] as Draft[],
  };
  const versions = [...VERSIONS];
  const answer = () => ({
    success: true,
    version: state.version,
    rules: state.rules,
    drafts: state.drafts.map(({ ruleId, rule }) => ({ ruleId, rule })),
  });
  const api = mockStaffApi({
    'GET /api/staff/me': me('merchandiser'),
    [`GET ${URL}`]: () => state,
    [`GET ${URL}/versions`]: () => versions,
    [`GET ${URL}/versions/2`]: { ...VERSIONS[2], rules: [TYRE, LP, DOGGIE] },
    [`GET ${URL}/versions/4`]: { ...VERSIONS[0], rules: [TYRE, LP, XMAS] },
    [`POST ${URL}/draft`]: (call: Call) => {
      const body = call.body as { ruleId?: string; words: string; replacement: string; startsAt?: string };
      const id = body.ruleId ?? 'r9';
      const drafted = rule(id, body.words, body.replacement, body.startsAt);
      const others = state.drafts.filter((d) => d.ruleId !== id);
      state.drafts = [...others, { ruleId: id, rule: drafted, staffId: 'cu_123', draftedAt: DRAFTED_AT }];
      return answer();
    },
    [`POST ${URL}/draft-removal`]: (call: Call) => {
      const { ruleId } = call.body as { ruleId: string };
      const others = state.drafts.filter((d) => d.ruleId !== ruleId);
      state.drafts = [...others, { ruleId, rule: null, staffId: 'cu_123', draftedAt: DRAFTED_AT }];
      return answer();
    },
    [`POST ${URL}/discard`]: (call: Call) => {
      const { ruleId } = call.body as { ruleId: string };
      state.drafts = state.drafts.filter((d) => d.ruleId !== ruleId);
      return answer();
    },
    [`POST ${URL}/publish`]: (call: Call) => {
      const { ruleId } = call.body as { ruleId: string };
      const draft = state.drafts.find((d) => d.ruleId === ruleId)!;
      state.rules = draft.rule
        ? [...state.rules.filter((r) => r.id !== ruleId), draft.rule]
        : state.rules.filter((r) => r.id !== ruleId);
      state.drafts = state.drafts.filter((d) => d.ruleId !== ruleId);
      state.version += 1;
      const change = draft.rule ? 'published' : 'removed';
      versions.unshift(version(state.version, change, 'cu_123', 28, { ruleId, ruleCount: state.rules.length }));
      return answer();
    },
    [`POST ${URL}/rollback`]: (call: Call) => {
      const { version: to } = call.body as { version: number };
      state.rules = [TYRE, LP, DOGGIE];
      state.version += 1;
      versions.unshift(version(state.version, 'rolled-back', 'cu_123', 28, { toVersion: to }));
      return answer();
    },
    'GET /api/search': (call: Call) => {
      const query = new URLSearchParams(call.path.split('?')[1]);
      const prv = query.get('prv');
      if (prv === null) return searchAnswer(0);
      return searchAnswer(prv === 'draft' ? 12 : 0, {
        synonymsVersion: prv === 'draft' ? 4 : Number(prv),
        drafts: prv === 'draft',
        at: query.get('HawkDate') ? `${query.get('HawkDate')}T00:00:00Z` : null,
      });
    },
    ...extra,
  });
  return { ...api, state };
}

function posts(calls: Call[]) {
  return calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body, c.token]);
}

function reads(calls: Call[], path: string) {
  return calls.filter((c) => c.method === 'GET' && c.path === path).length;
}

async function open(path = PAGE) {
  renderStaff(path);
  expect(await screen.findByText('Version 4', { selector: 'strong' })).toBeVisible();
}

function section(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

function draftsList() {
  return screen.getByRole('list', { name: 'Drafts' });
}

function draftItem(text: string) {
  return within(draftsList())
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(text))!;
}

beforeEach(() => {
  resetStaff();
});

describe('the synonyms page', () => {
  it('shows the published version, its rules, the drafts as differences and the history', async () => {
    server();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
    expect(document.title).toBe('Search synonyms | Storefront staff');
    expect(screen.getByText('Version 4', { selector: 'strong' }).closest('p')).toHaveTextContent('Version 4, 3 rules');
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getByRole('link', { name: 'Synonyms' })).toHaveAttribute('aria-current', 'page');

    const rules = within(section('Rules')).getByRole('table');
    const rows = within(rules).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['tyre', 'lp', 'xmas']);
    expect(rows[0]).toHaveTextContent('tire');
    expect(rows[0]).toHaveTextContent('always');
    expect(rows[2]).toHaveTextContent(formatSchedule(XMAS.startsAt!, XMAS.endsAt!));
    expect(rows[1]).toHaveTextContent('Removal drafted');
    expect(within(rows[0]!).getByRole('button', { name: 'Edit “tyre → tire”' })).toBeVisible();
    expect(within(rows[0]!).getByRole('button', { name: 'Remove “tyre → tire”' })).toBeVisible();

    const drafts = section('Drafts');
    expect(within(drafts).getByText('Drafts are not live.')).toBeVisible();
    const removal = draftItem('lp → propane');
    expect(removal).toHaveTextContent('Removal');
    expect(removal).toHaveTextContent(/Drafted by cu_9, Nov 28, 2026/);
    expect(within(removal).getByRole('button', { name: 'Publish “lp → propane”' })).toBeVisible();
    expect(within(removal).getByRole('button', { name: 'Discard “lp → propane”' })).toBeVisible();

    const history = within(section('History')).getByRole('table', { name: 'Versions, newest first' });
    const versions = within(history).getAllByRole('row').slice(1);
    expect(versions.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Published rule “xmas → christmas”',
      // Named from version 2's rules, read for it.
      expect.stringMatching(/^Removed rule/),
      'Rolled back to version 1',
      'Starter list',
    ]);
    await waitFor(() => expect(versions[1]).toHaveTextContent('Removed rule “doggie → dog”'));
    expect(versions[0]).toHaveTextContent('You');
    expect(versions[3]).toHaveTextContent('storefront migrate');
    expect(within(versions[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(versions[0]!).getByText('Published')).toBeVisible();
    expect(within(versions[1]!).getByRole('button', { name: 'Roll back to this version (version 3)' })).toBeVisible();
  });

  it('adding a rule posts a draft (with ?words= filled in) and shows the new draft', async () => {
    const { calls } = server();
    await open(`${PAGE}?words=Zapper`);
    const form = screen.getByRole('form', { name: 'Add a rule' });
    expect(within(form).getByLabelText('Words')).toHaveValue('zapper');
    await userEvent.type(within(form).getByLabelText('Replacement'), '  Fence   Charger ');
    const before = reads(calls, URL);
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a draft' }));

    expect(await screen.findByText('Drafted “zapper → fence charger”. It is not live: publish it under Drafts.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(posts(calls)).toEqual([[`${URL}/draft`, { words: 'zapper', replacement: 'fence charger' }, TEST_TOKEN]]);
    const drafted = draftItem('zapper → fence charger');
    expect(drafted).toHaveTextContent('New rule');
    expect(drafted).toHaveTextContent('zapper → fence charger · always');
    await waitFor(() => expect(draftItem('zapper → fence charger')).toHaveTextContent('Drafted by You'));
    // Read again after the change; the form is empty for the next rule.
    await waitFor(() => expect(reads(calls, URL)).toBe(before + 1));
    expect(within(form).getByLabelText('Words')).toHaveValue('');
  });

  it('says what is wrong next to each field before sending, and the server’s refusal next to the button', async () => {
    const { calls } = server({
      [`POST ${URL}/draft`]: () => refusal(422, 'SynonymRefused', 'Another rule is for these words.'),
    });
    await open();
    const form = screen.getByRole('form', { name: 'Add a rule' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a draft' }));
    const words = within(form).getByLabelText('Words');
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(words).toHaveAccessibleDescription(/Please give the words shoppers search\./);
    expect(within(form).getByLabelText('Replacement')).toHaveAccessibleDescription(/Please give what the words also mean\./);
    expect(words).toHaveFocus();
    expect(posts(calls)).toEqual([]);

    await userEvent.type(words, 'tyre');
    await userEvent.type(within(form).getByLabelText('Replacement'), 'tyres');
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a draft' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Another rule is for these words.');
    expect(words).not.toHaveAttribute('aria-invalid');
    expect(posts(calls)).toHaveLength(1);
  });

  it('Edit fills the form with the rule; saving drafts the change with its id and schedule', async () => {
    const { calls } = server();
    await open();
    const row = within(section('Rules')).getByRole('rowheader', { name: 'xmas' }).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit “xmas → christmas”' }));
    const form = screen.getByRole('form', { name: 'Change the rule “xmas → christmas”' });
    const words = within(form).getByLabelText('Words');
    expect(words).toHaveFocus();
    expect(within(form).getByLabelText('Replacement')).toHaveValue('christmas');
    expect(within(form).getByLabelText(/^Starts/)).not.toHaveValue('');
    await userEvent.clear(within(form).getByLabelText('Replacement'));
    await userEvent.type(within(form).getByLabelText('Replacement'), 'christmas holiday');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the change as a draft' }));

    expect(await screen.findByText(/^Drafted the change “xmas → christmas holiday”/)).toBeVisible();
    expect(posts(calls)).toEqual([
      [
        `${URL}/draft`,
        {
          ruleId: 's3',
          words: 'xmas',
          replacement: 'christmas holiday',
          startsAt: '2026-12-01T06:00:00Z',
          endsAt: '2026-12-26T06:00:00Z',
        },
        TEST_TOKEN,
      ],
    ]);
    const change = draftItem('xmas → christmas holiday');
    expect(change).toHaveTextContent('Change');
    expect(change).toHaveTextContent(/Before\s*xmas → christmas ·/);
    expect(change).toHaveTextContent(/After\s*xmas → christmas holiday ·/);
    // Back to adding; the focus back on the rule's Edit.
    expect(screen.getByRole('form', { name: 'Add a rule' })).toBeVisible();
    expect(within(row).getByRole('button', { name: /^Edit/ })).toHaveFocus();
  });

  it('Remove asks first, then drafts the removal', async () => {
    const { calls } = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Remove “tyre → tire”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “tyre → tire”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove “tyre → tire”' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Draft the removal' }));
    expect(await within(section('Rules')).findByText(/^Drafted the removal of “tyre → tire”/)).toHaveAttribute('role', 'status');
    expect(posts(calls)).toEqual([[`${URL}/draft-removal`, { ruleId: 's1' }, TEST_TOKEN]]);
    expect(draftItem('tyre → tire')).toHaveTextContent('Removal');
  });

  it('Publish posts that draft’s rule id only; the new version is read again', async () => {
    const { calls } = server();
    await open(`${PAGE}?words=zapper`);
    const form = screen.getByRole('form', { name: 'Add a rule' });
    await userEvent.type(within(form).getByLabelText('Replacement'), 'fence charger');
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a draft' }));
    await screen.findByText(/^Drafted “zapper → fence charger”/);

    await userEvent.click(within(draftItem('zapper → fence charger')).getByRole('button', { name: /^Publish/ }));
    expect(
      await screen.findByText('Published “zapper → fence charger”: shoppers’ searches use version 5 now.'),
    ).toHaveAttribute('role', 'status');
    expect(posts(calls).slice(1)).toEqual([[`${URL}/publish`, { ruleId: 'r9' }, TEST_TOKEN]]);
    expect(screen.getByText('Version 5', { selector: 'strong' }).closest('p')).toHaveTextContent('Version 5, 4 rules');
    expect(screen.getByRole('heading', { level: 2, name: 'Drafts' })).toHaveFocus();
    // The removal of lp is still a draft.
    expect(within(draftsList()).getAllByRole('listitem')).toHaveLength(1);
    const history = within(section('History')).getByRole('table');
    await waitFor(() =>
      expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Published rule “zapper → fence charger”'),
    );
  });

  it('Discard drops the draft; a refusal is said next to the drafts', async () => {
    const { calls } = server({
      [`POST ${URL}/publish`]: () => refusal(404, 'SynonymRefused', 'That rule has no draft to publish.'),
    });
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Publish “lp → propane”' }));
    expect(await within(section('Drafts')).findByRole('alert')).toHaveTextContent('That rule has no draft to publish.');

    await userEvent.click(screen.getByRole('button', { name: 'Discard “lp → propane”' }));
    expect(await screen.findByText('Discarded the removal of “lp → propane”.')).toBeVisible();
    expect(posts(calls)[1]).toEqual([`${URL}/discard`, { ruleId: 's2' }, TEST_TOKEN]);
    expect(within(section('Drafts')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rollback asks for confirmation, then posts the version and reads everything again', async () => {
    const { calls } = server();
    await open();
    const history = section('History');
    await userEvent.click(within(history).getByRole('button', { name: 'Roll back to this version (version 2)' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Roll back to version 2?' });
    expect(dialog).toHaveTextContent('the 3 rules of version 2 again');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    const versionsRead = reads(calls, `${URL}/versions`);
    await userEvent.click(within(history).getByRole('button', { name: 'Roll back to this version (version 2)' }));
    dialog = screen.getByRole('alertdialog', { name: 'Roll back to version 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(
      await within(history).findByText('Rolled back to version 2: shoppers’ searches use version 5 now, with 3 rules.'),
    ).toHaveAttribute('role', 'status');
    expect(posts(calls)).toEqual([[`${URL}/rollback`, { version: 2 }, TEST_TOKEN]]);
    await waitFor(() => expect(reads(calls, `${URL}/versions`)).toBe(versionsRead + 1));
    await waitFor(() =>
      expect(within(within(history).getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Rolled back to version 2'),
    );
    expect(screen.getByText('Version 5', { selector: 'strong' }).closest('p')).toHaveTextContent('Version 5, 3 rules');
  });

  it('a preview searches with the drafts, a version and a day, beside the shoppers’ search', async () => {
    const { calls } = server();
    await open();
    const preview = section('Preview a search');
    await userEvent.type(within(preview).getByRole('searchbox', { name: 'Keyword' }), 'zapper');
    expect(within(preview).getByRole('combobox', { name: 'Search with' })).toHaveValue('draft');
    await userEvent.click(within(preview).getByRole('button', { name: 'Preview' }));

    const drafts = await within(preview).findByRole('region', { name: 'With drafts' });
    expect(drafts).toHaveTextContent('12 results; the first 10:');
    expect(drafts).toHaveTextContent('Searched with version 4 and the drafts.');
    expect(within(drafts).getAllByRole('listitem')).toHaveLength(10);
    expect(within(drafts).getByRole('link', { name: 'Fence Charger 1' })).toHaveAttribute('href', '/product/1001/fence-charger-1/');
    const shoppers = within(preview).getByRole('region', { name: 'Shoppers now' });
    expect(shoppers).toHaveTextContent('No results.');
    expect(within(preview).getByRole('status')).toHaveTextContent(
      '“zapper”: 12 results with drafts; no results for shoppers now.',
    );
    const searches = () => callsBut(calls, '/api/staff/').map((c) => c.path);
    expect(searches()).toEqual(
      expect.arrayContaining(['/api/search?keyword=zapper&prv=draft&mpp=10', '/api/search?keyword=zapper&mpp=10']),
    );

    await userEvent.selectOptions(within(preview).getByRole('combobox', { name: 'Search with' }), 'Version 3');
    await userEvent.type(within(preview).getByLabelText(/^On the day/), '2026-12-24');
    await userEvent.click(within(preview).getByRole('button', { name: 'Preview' }));
    expect(await within(preview).findByRole('region', { name: 'Version 3, on Dec 24, 2026' })).toHaveTextContent(
      'Searched with version 3, as of Dec 24, 2026.',
    );
    expect(searches()).toContain('/api/search?keyword=zapper&prv=3&HawkDate=2026-12-24&mpp=10');

    // The shoppers' search alone.
    await userEvent.selectOptions(within(preview).getByRole('combobox', { name: 'Search with' }), 'Shoppers now');
    await userEvent.clear(within(preview).getByLabelText(/^On the day/));
    await userEvent.click(within(preview).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(within(preview).getByRole('status')).toHaveTextContent('“zapper”: No results for shoppers now.'));
    expect(within(preview).queryByRole('region', { name: /^Version/ })).not.toBeInTheDocument();
  });

  it('two versions compared: the rules added, removed and changed', async () => {
    server();
    await open();
    const history = section('History');
    const compare = within(history).getByRole('form', { name: 'Compare two versions' });
    expect(within(compare).getByRole('combobox', { name: 'From version' })).toHaveValue('3');
    expect(within(compare).getByRole('combobox', { name: 'To version' })).toHaveValue('4');
    await userEvent.selectOptions(within(compare).getByRole('combobox', { name: 'From version' }), '2');
    await userEvent.click(within(compare).getByRole('button', { name: 'Compare' }));
    expect(await within(history).findByText('From version 2 to version 4: 1 added, 1 removed, 0 changed.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(history).getByRole('list', { name: 'Added (1)' })).toHaveTextContent(/^xmas → christmas \(/);
    expect(within(history).getByRole('list', { name: 'Removed (1)' })).toHaveTextContent('doggie → dog');

    await userEvent.selectOptions(within(compare).getByRole('combobox', { name: 'From version' }), '4');
    await userEvent.click(within(compare).getByRole('button', { name: 'Compare' }));
    expect(within(history).getByRole('alert')).toHaveTextContent('Pick two different versions.');
  });

  it('a member of staff without the merchandiser role gets the 403 page, and nothing is read', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('analyst') });
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(callsBut(calls, '/api/staff/me')).toEqual([]);
  });

  it('a set that cannot be read says so and tries again', async () => {
    let fail = true;
    server({ [`GET ${URL}`]: () => (fail ? new Response('oops', { status: 500 }) : { version: 1, rules: [TYRE], drafts: [] }) });
    renderStaff(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Version 1', { selector: 'strong' })).toBeVisible();
    expect(screen.getByText('There are no drafts.')).toBeVisible();
  });
});
