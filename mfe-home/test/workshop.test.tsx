import { fakeGateway, renderWithPlatform } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brochure } from '../src/screens/workshop/brochure-pdf';
import { openBrochure } from '../src/screens/workshop/brochure-pdf';
import HomeRoutes from '../src/routes';

// pdf.js needs a canvas and a worker, which jsdom has not: here a brochure that draws when the test
// says so. Real pages drawn by pdf.js in Chromium: e2e/media.e2e.test.ts.
jest.mock('../src/screens/workshop/brochure-pdf', () => ({ openBrochure: jest.fn() }));
const open = jest.mocked(openBrochure);

interface Drawing {
  pageNumber: number;
  cssWidth: number;
  finish(): Promise<void>;
  isCancelled: boolean;
}

function aBrochure(pageCount: number) {
  const drawings: Drawing[] = [];
  let isClosed = false;
  const brochure: Brochure = {
    pageCount,
    pageSizes: Array.from({ length: pageCount }, () => ({ width: 595, height: 842 })),
    drawPage(pageNumber, _canvas, cssWidth) {
      let finish = () => undefined as void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      const drawing: Drawing = { pageNumber, cssWidth, finish: () => act(async () => finish()), isCancelled: false };
      drawings.push(drawing);
      return { done, cancel: () => (drawing.isCancelled = true) };
    },
    close: () => (isClosed = true),
  };
  return { brochure, drawings, isClosed: () => isClosed };
}

let pageWidth = 640;
beforeAll(() => {
  Object.defineProperty(HTMLOListElement.prototype, 'clientWidth', { configurable: true, get: () => pageWidth });
});
afterAll(() => {
  delete (HTMLOListElement.prototype as { clientWidth?: number }).clientWidth;
});
beforeEach(() => {
  pageWidth = 640;
  open.mockReset();
  globalThis.fetch = fakeGateway({}).fetch;
});

describe('the workshop (/boosterz)', () => {
  it('shows a loading indicator, then draws every page of the brochure at the width of the page', async () => {
    const { brochure, drawings } = aBrochure(3);
    let resolve: (value: Brochure) => void = () => undefined;
    open.mockReturnValue(new Promise((done) => (resolve = done)));
    renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Воркшоп' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Товхимол ачаалж байна…');
    expect(open).toHaveBeenCalledWith('/v1/documents/workshop.pdf', expect.any(AbortSignal));
    expect(screen.getByRole('link', { name: 'Товхимол татах (PDF)' })).toHaveAttribute('href', '/v1/documents/workshop.pdf');
    expect(screen.getByRole('link', { name: 'Холбоо барих' })).toHaveAttribute('href', '/help');

    await act(async () => resolve(brochure));
    const pages = screen.getAllByRole('img', { name: /-р хуудас, нийт 3$/ });
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual(['1-р хуудас, нийт 3', '2-р хуудас, нийт 3', '3-р хуудас, нийт 3']);
    expect(drawings.map(({ pageNumber, cssWidth }) => [pageNumber, cssWidth])).toEqual([[1, 640], [2, 640], [3, 640]]);
    expect(pages[0]!.closest('li')).toHaveStyle({ aspectRatio: '595 / 842' });

    expect(screen.getByRole('status')).toHaveTextContent('Хуудсуудыг зурж байна: 0/3');
    await drawings[0]!.finish();
    await drawings[1]!.finish();
    expect(screen.getByRole('status')).toHaveTextContent('Хуудсуудыг зурж байна: 2/3');
    await drawings[2]!.finish();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(pages[2]).toHaveAttribute('data-drawn', 'true');
  });

  it('draws the pages again, at the new width, when the page is resized', async () => {
    const { brochure, drawings } = aBrochure(2);
    open.mockResolvedValue(brochure);
    renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });
    await screen.findAllByRole('img');
    for (const drawing of drawings) await drawing.finish();

    jest.useFakeTimers();
    try {
      pageWidth = 390;
      fireEvent(window, new Event('resize'));
      act(() => jest.advanceTimersByTime(150));
    } finally {
      jest.useRealTimers();
    }
    expect(drawings.map(({ pageNumber, cssWidth }) => [pageNumber, cssWidth])).toEqual([[1, 640], [2, 640], [1, 390], [2, 390]]);
  });

  it('zooms the pages in and out with its buttons, from the keyboard too, drawing them again at that multiple of the width', async () => {
    const { brochure, drawings } = aBrochure(2);
    open.mockResolvedValue(brochure);
    renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });
    const pages = await screen.findAllByRole('img');
    for (const drawing of drawings) await drawing.finish();
    const list = screen.getByRole('list', { name: 'Воркшопын товхимол' });
    const zoom = within(screen.getByRole('group', { name: 'Томруулалт' }));
    const zoomOut = zoom.getByRole('button', { name: 'Жижигрүүлэх' });
    const zoomIn = zoom.getByRole('button', { name: 'Томруулах' });
    const fitWidth = zoom.getByRole('button', { name: 'Өргөнд тааруулах' });
    const widthsDrawn = () => drawings.slice(2).map(({ pageNumber, cssWidth }) => [pageNumber, cssWidth]);

    // At the page's width, nothing to zoom out or back to.
    expect(zoom.getByText('100%')).toBeInTheDocument();
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    expect(fitWidth).toHaveAttribute('aria-disabled', 'true');
    expect(list).not.toHaveAttribute('tabindex');

    await userEvent.click(zoomIn);
    expect(zoom.getByText('150%')).toBeInTheDocument();
    expect(widthsDrawn()).toEqual([[1, 960], [2, 960]]);
    expect(pages[0]!.closest('li')).toHaveStyle({ width: '150%' });
    // Wider than the list, which scrolls sideways, from the keyboard too.
    expect(list).toHaveAttribute('tabindex', '0');
    // The pages drawn before stay on screen while they are drawn again: no loading indicator.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // The keyboard: Enter and Space on the focused button, up to 300 %, where zoom in does nothing and keeps the focus.
    zoomIn.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(zoom.getByText('300%')).toBeInTheDocument();
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(zoomIn).toHaveFocus();
    expect(widthsDrawn()).toEqual([[1, 960], [2, 960], [1, 1280], [2, 1280], [1, 1920], [2, 1920]]);
    // The 200 % drawings, overtaken before they were done, were stopped.
    expect(drawings.filter(({ cssWidth }) => cssWidth === 1280).every(({ isCancelled }) => isCancelled)).toBe(true);

    await userEvent.tab({ shift: true });
    expect(zoomOut).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(zoom.getByText('200%')).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    expect(fitWidth).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(zoom.getByText('100%')).toBeInTheDocument();
    expect(widthsDrawn().slice(-4)).toEqual([[1, 1280], [2, 1280], [1, 640], [2, 640]]);
    expect(pages[0]!.closest('li')).toHaveStyle({ width: '100%' });
  });

  it('says when the brochure cannot be loaded, and tries again', async () => {
    const { brochure } = aBrochure(1);
    open.mockRejectedValueOnce(new Error('Missing PDF')).mockResolvedValueOnce(brochure);
    renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Товхимлыг ачаалж чадсангүй.');
    await userEvent.click(screen.getByRole('button', { name: 'Дахин оролдох' }));
    expect(await screen.findByRole('img', { name: '1-р хуудас, нийт 1' })).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('closes the brochure when the learner leaves the page', async () => {
    const { brochure, isClosed } = aBrochure(1);
    open.mockResolvedValue(brochure);
    const { unmount } = renderWithPlatform(<HomeRoutes />, { route: '/boosterz' });
    await screen.findByRole('img');
    unmount();
    expect(isClosed()).toBe(true);
  });
});
