import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, aPlan, aVideo, pagedFrom, renderAdmin } from './fixtures';

// Two videos named alike: the picker must tell them apart.
const videos = [
  aVideo('mv1', 'Өглөө', { kind: 'monsterplan', duration: 325, createdAt: '2026-11-02T04:00:00.000Z' }),
  aVideo('mv2', 'Өглөө', { kind: 'monsterplan', duration: 61, createdAt: '2026-11-20T04:00:00.000Z' }),
  aVideo('mv3', 'Дэлгүүрт', { kind: 'monsterplan', duration: null, createdAt: '2026-11-21T04:00:00.000Z' }),
];
const plans = [
  aPlan({
    _id: 'p1',
    name: 'Эхлэл',
    videos: ['mv1'],
    populatedVideos: [{ week: 2, videos: [{ _id: 'mv1', name: 'Өглөө', dayOfWeek: 3, translateUrl: '', monsterWords: '' }] }],
  }),
];
const createForm = () => within(screen.getByRole('form', { name: 'Шинэ Monster plan' }));
/** What a badge shows, not what a screen reader hears. */
const shownText = (badge: HTMLElement) => badge.querySelector('[aria-hidden="true"]')?.textContent;

describe("the video picker of the plan form", () => {
  it("tells same-named videos apart: the end of each one's id after the name, kind, the plan with week and day that uses it, length m:ss and upload date", async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: plans } });
    renderAdmin('/administrator/monsterplans');
    const used = await createForm().findByRole('checkbox', { name: 'Өглөө #mv1' });
    const fresh = createForm().getByRole('checkbox', { name: 'Өглөө #mv2' });
    expect(used).toHaveAccessibleDescription('Monster plan видео · 5:25 · Хуулсан: 2026 оны 11-р сарын 2 Ашигласан: Эхлэл (2-р долоо хоног, 3-р өдөр)');
    expect(fresh).toHaveAccessibleDescription('Monster plan видео · 1:01 · Хуулсан: 2026 оны 11-р сарын 20 Хаана ч ашиглаагүй');
    // No length when the media service could not probe it; a name of its own needs no id.
    expect(createForm().getByRole('checkbox', { name: 'Дэлгүүрт' })).toHaveAccessibleDescription(/^Monster plan видео · Хуулсан: 2026 оны 11-р сарын 21 /);
  });

  it("names each chosen namesake's week, day and words fields with its id's end too", async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: plans } });
    renderAdmin('/administrator/monsterplans');
    await userEvent.click(await createForm().findByRole('checkbox', { name: 'Өглөө #mv1' }));
    await userEvent.click(createForm().getByRole('checkbox', { name: 'Өглөө #mv2' }));
    expect(createForm().getByRole('combobox', { name: 'Өдөр: Өглөө #mv1' })).toHaveValue('1');
    expect(createForm().getByRole('combobox', { name: 'Өдөр: Өглөө #mv2' })).toHaveValue('2');
    expect(createForm().getByRole('spinbutton', { name: 'Долоо хоног: Өглөө #mv2' })).toHaveValue(1);
  });

  it('filters by name, by unused, and by used in this plan, with the filter shown even for a short list', async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: plans } });
    renderAdmin('/administrator/monsterplans');
    await createForm().findByRole('checkbox', { name: 'Өглөө #mv1' });
    const picker = createForm().getByRole('group', { name: /^Видеонууд/ });
    const names = () => within(picker).queryAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

    await userEvent.type(createForm().getByRole('searchbox', { name: 'Видео хайх' }), 'дэлг');
    expect(names()).toEqual(['Дэлгүүрт']);
    await userEvent.clear(createForm().getByRole('searchbox', { name: 'Видео хайх' }));

    const use = createForm().getByRole('combobox', { name: 'Ашиглалтаар шүүх' });
    expect(within(use).getAllByRole('option').map((option) => option.textContent)).toEqual(['Бүх видео', 'Ашиглаагүй', 'Энэ Monster plan-д ашигласан']);
    await userEvent.selectOptions(use, 'unused');
    expect(names()).toEqual(['Өглөө #mv2', 'Дэлгүүрт']);
    expect(createForm().getByRole('checkbox', { name: 'Өглөө #mv2' })).toHaveAccessibleDescription(/1:01/);

    await userEvent.selectOptions(use, 'chosen');
    expect(names()).toEqual([]);
    expect(createForm().getByText('Хайлтад тохирох видео алга.')).toBeInTheDocument();
    await userEvent.selectOptions(use, 'all');
    await userEvent.click(createForm().getByRole('checkbox', { name: 'Дэлгүүрт' }));
    await userEvent.selectOptions(use, 'chosen');
    expect(names()).toEqual(['Дэлгүүрт']);
  });

  it("shows a plan's video badges with the whole name, kind and length on keyboard focus", async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: [aPlan({ populatedVideos: [{ week: 1, videos: [{ _id: 'mv1', name: 'Өглөөний дасгал хийх нь', dayOfWeek: 1, translateUrl: '', monsterWords: '' }] }], videos: ['mv1'] })] } });
    renderAdmin('/administrator/monsterplans');
    const table = await screen.findByRole('table', { name: 'Monster plan-ууд' });
    const badge = await within(table).findByRole('button', { name: 'Өглөөний дасгал хийх нь' });
    expect(shownText(badge)).toBe('Өглөөний дасг…');
    // Named by what it holds, never by an aria-label its cut words would not match.
    expect(badge).not.toHaveAttribute('aria-label');
    await createForm().findByRole('checkbox', { name: 'Өглөө #mv1' });
    // Tab to it from the 'Засах' button after it, as a keyboard user would.
    within(table).getByRole('button', { name: 'Засах: Monster plan 1' }).focus();
    await userEvent.tab({ shift: true });
    expect(badge).toHaveFocus();
    const tip = screen.getByRole('tooltip');
    expect(tip).toBeVisible();
    expect(tip).toHaveTextContent('Өглөөний дасгал хийх нь · 1-р долоо хоног, 1-р өдөр · Monster plan видео · 5:25');
    expect(badge).toHaveAccessibleDescription('Өглөөний дасгал хийх нь · 1-р долоо хоног, 1-р өдөр · Monster plan видео · 5:25');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("tells a plan's same-named days apart on its badges: each one's week and day, shown short and said whole", async () => {
    const day = (id: string, name: string, dayOfWeek: number) => ({ _id: id, name, dayOfWeek, translateUrl: '', monsterWords: '' });
    const plan = aPlan({
      videos: ['d1', 'd2', 'd3', 'd4'],
      populatedVideos: [
        { week: 1, videos: [day('d1', '1-р долоо хоног, 1-р өдөр: Өглөө', 1), day('d2', '1-р долоо хоног, 2-р өдөр: Дэлгүүрт', 2)] },
        { week: 2, videos: [day('d3', '2-р долоо хоног, 1-р өдөр: Аялал', 1), day('d4', 'Хобби', 2)] },
      ],
    });
    adminSession({ 'GET /v1/monsterplans': { body: [plan] } });
    renderAdmin('/administrator/monsterplans');
    const row = within((await within(await screen.findByRole('table', { name: 'Monster plan-ууд' })).findByText('Monster plan 1')).closest('tr')!);
    const monday = row.getByRole('button', { name: '1-р долоо хоног, 1-р өдөр: Өглөө, 1-р долоо хоног, 1-р өдөр' });
    expect(shownText(monday)).toBe('1-р долоо хон… · 1/1');
    expect(shownText(row.getByRole('button', { name: '1-р долоо хоног, 2-р өдөр: Дэлгүүрт, 1-р долоо хоног, 2-р өдөр' }))).toBe('1-р долоо хон… · 1/2');
    expect(shownText(row.getByRole('button', { name: '2-р долоо хоног, 1-р өдөр: Аялал' }))).toBe('2-р долоо хон…');
    expect(shownText(row.getByRole('button', { name: 'Хобби' }))).toBe('Хобби');
  });
});
