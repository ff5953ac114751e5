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

describe("the video picker of the plan form", () => {
  it('tells same-named videos apart: kind, the plan with week and day that uses it, length m:ss and upload date', async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: plans } });
    renderAdmin('/administrator/monsterplans');
    const [used, fresh] = await createForm().findAllByRole('checkbox', { name: 'Өглөө' });
    expect(used).toHaveAccessibleDescription('Monster plan видео · 5:25 · Хуулсан: 2026 оны 11-р сарын 2 Ашигласан: Эхлэл (2-р долоо хоног, 3-р өдөр)');
    expect(fresh).toHaveAccessibleDescription('Monster plan видео · 1:01 · Хуулсан: 2026 оны 11-р сарын 20 Хаана ч ашиглаагүй');
    // No length when the media service could not probe it.
    expect(createForm().getByRole('checkbox', { name: 'Дэлгүүрт' })).toHaveAccessibleDescription(/^Monster plan видео · Хуулсан: 2026 оны 11-р сарын 21 /);
  });

  it('filters by name, by unused, and by used in this plan, with the filter shown even for a short list', async () => {
    adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos), 'GET /v1/monsterplans': { body: plans } });
    renderAdmin('/administrator/monsterplans');
    await createForm().findAllByRole('checkbox', { name: 'Өглөө' });
    const picker = createForm().getByRole('group', { name: /^Видеонууд/ });
    const names = () => within(picker).queryAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

    await userEvent.type(createForm().getByRole('searchbox', { name: 'Видео хайх' }), 'дэлг');
    expect(names()).toEqual(['Дэлгүүрт']);
    await userEvent.clear(createForm().getByRole('searchbox', { name: 'Видео хайх' }));

    const use = createForm().getByRole('combobox', { name: 'Ашиглалтаар шүүх' });
    expect(within(use).getAllByRole('option').map((option) => option.textContent)).toEqual(['Бүх видео', 'Ашиглаагүй', 'Энэ Monster plan-д ашигласан']);
    await userEvent.selectOptions(use, 'unused');
    expect(names()).toEqual(['Өглөө', 'Дэлгүүрт']);
    expect(createForm().getByRole('checkbox', { name: 'Өглөө' })).toHaveAccessibleDescription(/1:01/);

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
    expect(badge).toHaveTextContent(/^Өглөөний дасг…$/);
    expect(badge).toHaveAttribute('tabIndex', '0');
    await createForm().findAllByRole('checkbox', { name: 'Өглөө' });
    // Tab to it from the Edit button before it, as a keyboard user would.
    within(table).getAllByRole('button', { name: 'Edit' })[0]!.focus();
    await userEvent.tab({ shift: true });
    expect(badge).toHaveFocus();
    const tip = screen.getByRole('tooltip');
    expect(tip).toBeVisible();
    expect(tip).toHaveTextContent('Өглөөний дасгал хийх нь · Monster plan видео · 5:25');
    expect(badge).toHaveAccessibleDescription('Өглөөний дасгал хийх нь · Monster plan видео · 5:25');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
