import { catalog } from '@learning/contracts';
import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HomeRoutes from '../src/routes';

const carousel = () => screen.getByRole('region', { name: 'Онцлох мэдээ' });
/** The slide shown: the only one in the accessibility tree. */
const shownSlide = () => within(carousel()).getByRole('group', { name: /^\d \/ 4$/ });

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function renderHome(plans: catalog.Monsterplan[] = []) {
  globalThis.fetch = fakeGateway({ 'GET /v1/monsterplans': { body: plans } }).fetch;
  renderWithPlatform(<HomeRoutes />, { route: '/home' });
}

/** A plan as the catalog lists it (the home page reads its name, price, early price and whether it takes requests). */
function aPlan(overrides: Partial<catalog.Monsterplan>): catalog.Monsterplan {
  return catalog.monsterplan.parse({
    _id: 'p1',
    name: 'Monster plan 1',
    price: '49,000₮',
    earlyPrice: null,
    earlyPriceUntil: null,
    paymentInstructions: '',
    releaseDaily: false,
    videos: [],
    isActive: true,
    exam: false,
    examQuestions: { count: 0, needed: 40 },
    populatedVideos: [],
    ...overrides,
  });
}

describe('the home page (/home)', () => {
  afterEach(() => jest.useRealTimers());

  it('describes the site to search engines in the meta description', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1, name: 'Англи хэлийг хамтдаа' });
    expect(metaDescription()).toMatch(/^Англи хэлийг хамтдаа сураарай: видео хичээл/);
  });

  it('turns the carousel to the next slide every 4000 ms, round and round', () => {
    jest.useFakeTimers();
    renderHome();
    expect(carousel()).toHaveAttribute('aria-roledescription', 'карусель');
    expect(shownSlide()).toHaveAccessibleName('1 / 4');
    expect(within(shownSlide()).getByRole('heading', { level: 2 })).toHaveTextContent('Monster plan: 1000 минутын сонсгол');
    act(() => jest.advanceTimersByTime(3999));
    expect(shownSlide()).toHaveAccessibleName('1 / 4');
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toHaveAccessibleName('2 / 4');
    expect(within(shownSlide()).getByRole('heading')).toHaveTextContent('Чанга уншаад 10,000₮ буцаан ав');
    act(() => jest.advanceTimersByTime(3 * 4000));
    expect(shownSlide()).toHaveAccessibleName('1 / 4');
  });

  it('keeps hidden slides out of reach and leads each slide to its page', () => {
    renderHome();
    const groups = carousel().querySelectorAll('[aria-roledescription="слайд"]');
    expect(groups).toHaveLength(4);
    expect(Array.from(groups, (group) => group.hasAttribute('inert'))).toEqual([false, true, true, true]);
    expect(within(shownSlide()).getByRole('link', { name: 'Хөтөлбөрүүд' })).toHaveAttribute('href', '/product-monster-plan');
  });

  it('holds still while paused, hovered or focused, and moves with previous, next and the slide buttons', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHome();
    fireEvent.mouseEnter(carousel());
    act(() => jest.advanceTimersByTime(8000));
    expect(shownSlide()).toHaveAccessibleName('1 / 4');
    fireEvent.mouseLeave(carousel());

    await user.click(within(carousel()).getByRole('button', { name: 'Дараагийн слайд' }));
    expect(shownSlide()).toHaveAccessibleName('2 / 4');
    // The focus is on the carousel's button now: it holds still.
    fireEvent.mouseLeave(carousel());
    act(() => jest.advanceTimersByTime(8000));
    expect(shownSlide()).toHaveAccessibleName('2 / 4');
    await user.click(within(carousel()).getByRole('button', { name: 'Өмнөх слайд' }));
    await user.click(within(carousel()).getByRole('button', { name: 'Өмнөх слайд' }));
    expect(shownSlide()).toHaveAccessibleName('4 / 4');
    await user.click(within(carousel()).getByRole('button', { name: '3-р слайд: Зайн сургалтын багцууд' }));
    expect(shownSlide()).toHaveAccessibleName('3 / 4');
    expect(within(carousel()).getByRole('button', { name: /3-р слайд/ })).toHaveAttribute('aria-current', 'true');

    await user.click(within(carousel()).getByRole('button', { name: 'Эргэлтийг зогсоох' }));
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.mouseLeave(carousel());
    act(() => jest.advanceTimersByTime(12000));
    expect(shownSlide()).toHaveAccessibleName('3 / 4');
    await user.click(within(carousel()).getByRole('button', { name: 'Эргэлтийг үргэлжлүүлэх' }));
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.mouseLeave(carousel());
    act(() => jest.advanceTimersByTime(4000));
    expect(shownSlide()).toHaveAccessibleName('4 / 4');
  });

  it('changes the slide with a swipe', () => {
    renderHome();
    const viewport = carousel().querySelector('.carousel__viewport')!;
    fireEvent.touchStart(viewport, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 200 }] });
    expect(shownSlide()).toHaveAccessibleName('2 / 4');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 120 }] });
    expect(shownSlide()).toHaveAccessibleName('2 / 4');
  });

  it('has promo cards for the plans, the lessons and the workshop, and the brochure download', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Үзэх: Monster plan' })).toHaveAttribute('href', '/product-monster-plan');
    expect(screen.getByRole('link', { name: 'Үзэх: Зайн сургалт' })).toHaveAttribute('href', '/product-remote-lesson');
    expect(screen.getByRole('link', { name: 'Воркшопын танилцуулга' })).toHaveAttribute('href', '/boosterz');
    const brochure = within(screen.getByRole('region', { name: 'Танилцуулга товхимол' }));
    const download = brochure.getByRole('link', { name: 'Товхимол татах (PDF)' });
    expect(download).toHaveAttribute('href', '/v1/documents/introduction.pdf');
    expect(download).toHaveAttribute('download');
  });

  it("prices the plans on sale as the catalog has them (the early price while it lasts), and does not offer a plan that takes no request", async () => {
    renderHome([
      aPlan({ _id: 'p1', name: 'Monster plan 1: Сонсголын суурь', earlyPrice: '35,000₮', earlyPriceUntil: '2099-12-08T16:00:00.000Z' }),
      aPlan({ _id: 'p2', name: 'Monster plan 2: Өдөр тутмын яриа' }),
      aPlan({ _id: 'p3', name: 'Monster plan 1–3: Гурван шатны багц', price: '111,000₮', isActive: false }),
    ]);
    const prices = within(await screen.findByRole('list', { name: 'Хөтөлбөрүүдийн үнэ' }));
    const [first, second] = prices.getAllByRole('listitem');
    expect(prices.getAllByRole('listitem')).toHaveLength(2);
    expect(first).toHaveTextContent('Monster plan 1: Сонсголын суурь');
    expect(within(first!).getByText('35,000₮')).toBeInTheDocument();
    expect(within(first!).getByText('2099 оны 12-р сарын 9, 00:00 хүртэл')).toBeInTheDocument();
    expect(within(first!).getByText('49,000₮').tagName).toBe('S');
    expect(second).toHaveTextContent('Monster plan 2: Өдөр тутмын яриа');
    expect(within(second!).getByText('49,000₮')).toBeInTheDocument();
    // The inactive bundle cannot be requested: no price is promised for it.
    expect(screen.queryByText(/Гурван шатны багц/)).not.toBeInTheDocument();
    expect(screen.queryByText('111,000₮')).not.toBeInTheDocument();
  });

  it('promises no price while the plans cannot be had', async () => {
    globalThis.fetch = fakeGateway({ 'GET /v1/monsterplans': { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } } }).fetch;
    renderWithPlatform(<HomeRoutes />, { route: '/home' });
    expect(await screen.findByRole('link', { name: 'Үзэх: Monster plan' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'Хөтөлбөрүүдийн үнэ' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₮/, { selector: '.home-promo *' })).not.toBeInTheDocument();
  });
});
