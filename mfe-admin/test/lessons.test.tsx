import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aLesson, adminSession, aVideo, callsTo, pagedFrom, renderAdmin } from './fixtures';

const lessonVideos = [aVideo('v1', 'Present simple'), aVideo('v2', 'Past continuous tense in stories'), aVideo('v3', 'Not yet', { isPublished: false })];
const form = () => within(screen.getByRole('form', { name: 'Шинэ багц хичээл' }));
/** What a badge shows, not what a screen reader hears. */
const shownText = (badge: HTMLElement) => badge.querySelector('[aria-hidden="true"]')?.textContent;

describe('the lesson bundles (/administrator/lessons)', () => {
  it("creates a bundle with name, price, its early price and the chosen videos ('Багц хичээл үүсгэх'), then reloads the list", async () => {
    let lessons = [aLesson()];
    const gateway = adminSession({
      'GET /v1/files/lesson-videos': pagedFrom(lessonVideos),
      'GET /v1/lessons': () => ({ body: lessons }),
      'POST /v1/lessons': (call) => {
        const body = call.body as { name: string; price: string; videos: string[] };
        lessons = [...lessons, aLesson({ _id: 'l2', name: body.name, price: body.price, videos: body.videos, populatedVideos: [] })];
        return { status: 201, body: lessons.at(-1) };
      },
    });
    renderAdmin('/administrator/lessons');
    await userEvent.type(await form().findByLabelText('Нэр'), '  Ярианы англи хэл ');
    await userEvent.type(form().getByLabelText('Үнэ'), '35000');
    await userEvent.type(form().getByLabelText('Эрт үнэ'), ' 29000 ');
    fireEvent.change(form().getByLabelText('Эрт үнэ дуусах огноо (энэ өдрөөс эхлэн энгийн үнэ)'), { target: { value: '2027-01-15' } });
    // Only published videos can go into a bundle.
    expect(await form().findByRole('checkbox', { name: 'Present simple' })).toBeInTheDocument();
    expect(form().queryByRole('checkbox', { name: 'Not yet' })).not.toBeInTheDocument();
    await userEvent.click(form().getByRole('checkbox', { name: 'Past continuous tense in stories' }));
    await userEvent.click(form().getByRole('checkbox', { name: 'Present simple' }));
    await userEvent.type(form().getByRole('textbox', { name: 'Төлбөрийн заавар' }), ' Хаан банк 5000 123 456, QPay.{Enter}Эсвэл төвд бэлнээр. ');
    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));

    await waitFor(() => expect(callsTo(gateway.calls, 'POST', '/v1/lessons')).toHaveLength(1));
    expect(callsTo(gateway.calls, 'POST', '/v1/lessons')[0]?.body).toEqual({
      name: 'Ярианы англи хэл',
      videos: ['v2', 'v1'],
      price: '35000',
      // The first day the price applies again, from 00:00 in Ulaanbaatar.
      earlyPrice: '29000',
      earlyPriceUntil: '2027-01-15T00:00:00+08:00',
      paymentInstructions: 'Хаан банк 5000 123 456, QPay.\nЭсвэл төвд бэлнээр.',
    });
    expect(await screen.findByRole('cell', { name: 'Ярианы англи хэл' })).toBeInTheDocument();
    expect(screen.getByText('Үүслээ: Ярианы англи хэл')).toBeInTheDocument();
    // A fresh form for the next one.
    expect(form().getByLabelText('Нэр')).toHaveValue('');
    expect(form().getByLabelText('Эрт үнэ')).toHaveValue('');
    expect(form().getByRole('checkbox', { name: 'Present simple' })).not.toBeChecked();
  });

  it('asks for the early price when only its day is given', async () => {
    const gateway = adminSession({ 'GET /v1/files/lesson-videos': pagedFrom(lessonVideos) });
    renderAdmin('/administrator/lessons');
    await userEvent.type(await form().findByLabelText('Нэр'), 'Багц');
    await userEvent.type(form().getByLabelText('Үнэ'), '35000');
    await userEvent.click(await form().findByRole('checkbox', { name: 'Present simple' }));
    fireEvent.change(form().getByLabelText('Эрт үнэ дуусах огноо (энэ өдрөөс эхлэн энгийн үнэ)'), { target: { value: '2027-01-15' } });
    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    expect(form().getByText('Эрт үнээ оруулна уу.')).toBeInTheDocument();
    expect(form().getByLabelText('Эрт үнэ')).toHaveFocus();
    expect(callsTo(gateway.calls, 'POST', '/v1/lessons')).toHaveLength(0);
  });

  it('blocks an invalid submit once the fields are marked touched: name, price and at least one video are required', async () => {
    const gateway = adminSession({ 'GET /v1/files/lesson-videos': pagedFrom(lessonVideos) });
    renderAdmin('/administrator/lessons');
    await form().findByRole('checkbox', { name: 'Present simple' });
    expect(form().queryByText('Нэрээ оруулна уу.')).not.toBeInTheDocument();

    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    expect(form().getByLabelText('Нэр')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Нэр')).toHaveFocus();
    expect(form().getByText('Нэрээ оруулна уу.')).toBeInTheDocument();
    expect(form().getByText('Үнээ оруулна уу.')).toBeInTheDocument();
    expect(form().getByText('Дор хаяж нэг видео сонгоно уу.')).toBeInTheDocument();

    await userEvent.type(form().getByLabelText('Нэр'), 'Багц');
    await userEvent.type(form().getByLabelText('Үнэ'), '   ');
    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    expect(form().getByLabelText('Үнэ')).toHaveFocus();
    expect(form().queryByText('Нэрээ оруулна уу.')).not.toBeInTheDocument();
    expect(callsTo(gateway.calls, 'POST', '/v1/lessons')).toHaveLength(0);
  });

  it('shows a field as invalid once it is left empty, before any submit', async () => {
    adminSession({ 'GET /v1/files/lesson-videos': pagedFrom(lessonVideos) });
    renderAdmin('/administrator/lessons');
    await userEvent.click(await form().findByLabelText('Нэр'));
    await userEvent.tab();
    expect(form().getByText('Нэрээ оруулна уу.')).toBeInTheDocument();
    expect(form().queryByText('Үнээ оруулна уу.')).not.toBeInTheDocument();
  });

  it("shows the server's message when the bundle cannot be made, and keeps what was typed", async () => {
    adminSession({
      'GET /v1/files/lesson-videos': pagedFrom(lessonVideos),
      'POST /v1/lessons': { status: 400, body: { message: 'Сонгосон видео олдсонгүй (v1).', code: 'video_not_found' } },
    });
    renderAdmin('/administrator/lessons');
    await userEvent.type(await form().findByLabelText('Нэр'), 'Багц');
    await userEvent.type(form().getByLabelText('Үнэ'), '1000');
    await userEvent.click(await form().findByRole('checkbox', { name: 'Present simple' }));
    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    const error = await form().findByRole('alert');
    expect(error).toHaveTextContent('Хадгалж чадсангүй.');
    expect(error).toHaveTextContent('Сонгосон видео олдсонгүй (v1).');
    expect(form().getByLabelText('Нэр')).toHaveValue('Багц');
  });

  it('lists name, price (and the early price with the day it ends) and the videos as badges cut to 13 characters, 10 per page from the real total', async () => {
    const lessons = Array.from({ length: 12 }, (_, index) =>
      aLesson({
        _id: `l${index + 1}`,
        name: `Багц ${index + 1}`,
        price: '49000',
        ...(index === 0 ? { earlyPrice: '39000', earlyPriceUntil: '2099-01-14T16:00:00.000Z' } : {}),
        populatedVideos: [
          { _id: `l${index + 1}-a`, name: 'Past continuous tense', url: null },
          { _id: `l${index + 1}-b`, name: 'Short one', url: null },
        ],
      }),
    );
    adminSession({ 'GET /v1/lessons': { body: lessons } });
    renderAdmin('/administrator/lessons');
    const table = await screen.findByRole('table', { name: 'Багц хичээлүүд' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Нэр', 'Үнэ', 'Видеонууд', 'Үйлдэл']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const first = within(rows[0]!);
    expect(first.getByText('49,000₮')).toBeInTheDocument();
    expect(first.getByText('Эрт үнэ 39,000₮, дуусах огноо 2099 оны 1-р сарын 15')).toBeInTheDocument();
    // Cut to 13 characters, the whole name for screen readers and in a tip on focus or hover.
    const long = first.getByRole('button', { name: 'Past continuous tense' });
    expect(shownText(long)).toBe('Past continuo…');
    expect(shownText(first.getByRole('button', { name: 'Short one' }))).toBe('Short one');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => long.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Past continuous tense · Багц хичээлийн видео');
    act(() => long.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.hover(first.getByRole('button', { name: 'Short one' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Short one · Багц хичээлийн видео');

    const pager = screen.getByRole('navigation', { name: 'Хуудаслалт: Багц хичээлүүд' });
    expect(within(pager).getByText('Нийт 12, 1/2 хуудас')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Дараах' }));
    expect(await screen.findByRole('cell', { name: 'Багц 12' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Багц хичээлүүд' })).getAllByRole('row')).toHaveLength(1 + 2);
  });

  it("'Засах' opens the bundle's update form with its payment instructions, and saves them with PUT /v1/lessons/{id}", async () => {
    let lessons = [aLesson({ _id: 'l1', name: 'Эхний багц', videos: ['v1'], populatedVideos: [{ _id: 'v1', name: 'Present simple', url: null }], paymentInstructions: 'QPay-ээр төлнө.' })];
    const gateway = adminSession({
      'GET /v1/files/lesson-videos': pagedFrom(lessonVideos),
      'GET /v1/lessons': () => ({ body: lessons }),
      'PUT /v1/lessons/l1': (call) => {
        lessons = [{ ...lessons[0]!, ...(call.body as object) }];
        return { body: lessons[0] };
      },
    });
    renderAdmin('/administrator/lessons');
    const row = within((await screen.findByRole('cell', { name: 'Эхний багц' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Засах: Эхний багц' }));
    const updateForm = within(await screen.findByRole('form', { name: 'Багц хичээл засах: Эхний багц' }));
    expect(address()).toHaveTextContent('/administrator/lessons?edit=l1');
    const instructions = updateForm.getByRole('textbox', { name: 'Төлбөрийн заавар' });
    expect(instructions).toHaveValue('QPay-ээр төлнө.');
    expect(instructions).toHaveAccessibleDescription(/дансны дугаар, QPay эсвэл төвд бэлнээр/);
    expect(await updateForm.findByRole('checkbox', { name: 'Present simple' })).toBeChecked();
    await userEvent.clear(instructions);
    await userEvent.type(instructions, 'Төвд бэлнээр.');
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));

    expect(await screen.findByRole('form', { name: 'Шинэ багц хичээл' })).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'PUT', '/v1/lessons/l1')[0]?.body).toEqual({
      id: 'l1',
      name: 'Эхний багц',
      videos: ['v1'],
      price: '49000',
      earlyPrice: null,
      earlyPriceUntil: null,
      paymentInstructions: 'Төвд бэлнээр.',
    });
  });

  it('refuses payment instructions longer than 2000 characters before sending', async () => {
    const gateway = adminSession({ 'GET /v1/files/lesson-videos': pagedFrom(lessonVideos) });
    renderAdmin('/administrator/lessons');
    await userEvent.type(await form().findByLabelText('Нэр'), 'Багц');
    await userEvent.type(form().getByLabelText('Үнэ'), '1000');
    await userEvent.click(await form().findByRole('checkbox', { name: 'Present simple' }));
    const instructions = form().getByRole('textbox', { name: 'Төлбөрийн заавар' });
    expect(instructions).toHaveAttribute('maxLength', '2000');
    // Pasted past the box's own limit (maxLength stops typing, not a script).
    fireEvent.change(instructions, { target: { value: 'а'.repeat(2001) } });
    await userEvent.click(form().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    expect(form().getByText('Төлбөрийн заавар 2000 тэмдэгтээс ихгүй байна.')).toBeInTheDocument();
    expect(instructions).toHaveFocus();
    expect(callsTo(gateway.calls, 'POST', '/v1/lessons')).toHaveLength(0);
  });

  it("deletes a bundle after the inline 'Тийм' (from the keyboard too), sending {id, videos}; 'Үгүй' or Escape keeps it", async () => {
    let lessons = [aLesson({ _id: 'l1', name: 'Эхний багц', videos: ['a', 'b'] }), aLesson({ _id: 'l2', name: 'Хоёр дахь багц' })];
    const gateway = adminSession({
      'GET /v1/lessons': () => ({ body: lessons }),
      'DELETE /v1/lessons/l1': () => {
        lessons = lessons.filter((lesson) => lesson._id !== 'l1');
        return { status: 204 };
      },
    });
    renderAdmin('/administrator/lessons');
    const row = within((await screen.findByRole('cell', { name: 'Эхний багц' })).closest('tr')!);
    const remove = () => row.getByRole('button', { name: 'Устгах: Эхний багц' });
    await userEvent.click(remove());
    expect(row.getByRole('group', { name: 'Устгах уу?' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Тийм' })).toHaveFocus();
    await userEvent.click(row.getByRole('button', { name: 'Үгүй' }));
    expect(row.queryByRole('button', { name: 'Тийм' })).not.toBeInTheDocument();
    expect(remove()).toHaveFocus();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/lessons/l1')).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(row.queryByRole('button', { name: 'Тийм' })).not.toBeInTheDocument();
    expect(remove()).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Эхний багц' })).not.toBeInTheDocument());
    expect(callsTo(gateway.calls, 'DELETE', '/v1/lessons/l1')[0]?.body).toEqual({ id: 'l1', videos: ['a', 'b'] });
    expect(screen.getByRole('cell', { name: 'Хоёр дахь багц' })).toBeInTheDocument();
  });

  it("tells apart badges whose cut names read the same by the end of each video's id, said and shown", async () => {
    const lesson = aLesson({
      populatedVideos: [
        { _id: '6f1c2a90-0000-4000-8000-00000000a1b2', name: 'Лекц 1: Сонсголын даалгавар', url: null },
        { _id: '6f1c2a90-0000-4000-8000-00000000c3d4', name: 'Лекц 1: Сонсголын дасгал', url: null },
        { _id: '6f1c2a90-0000-4000-8000-00000000e5f6', name: 'Лекц 2', url: null },
      ],
    });
    adminSession({ 'GET /v1/lessons': { body: [lesson] } });
    renderAdmin('/administrator/lessons');
    const row = within((await screen.findByRole('cell', { name: 'Англи хэл 1' })).closest('tr')!);
    const first = row.getByRole('button', { name: 'Лекц 1: Сонсголын даалгавар, #a1b2' });
    const second = row.getByRole('button', { name: 'Лекц 1: Сонсголын дасгал, #c3d4' });
    expect(shownText(first)).toBe('Лекц 1: Сонсг… · #a1b2');
    expect(shownText(second)).toBe('Лекц 1: Сонсг… · #c3d4');
    // A name of its own needs nothing more.
    expect(shownText(row.getByRole('button', { name: 'Лекц 2' }))).toBe('Лекц 2');
  });

  it('lays the table out for a phone: each cell named by its column, the actions in a cell of their own', async () => {
    adminSession({ 'GET /v1/lessons': { body: [aLesson()] } });
    renderAdmin('/administrator/lessons');
    const row = (await screen.findByRole('cell', { name: 'Англи хэл 1' })).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.dataset.label)).toEqual(['Нэр', 'Үнэ', 'Видеонууд', 'Үйлдэл']);
    expect(within(row).getByRole('button', { name: 'Засах: Англи хэл 1' }).closest('td')).toHaveClass('admin-table__actions');
  });

  it('has the requests panel below the list', async () => {
    adminSession();
    renderAdmin('/administrator/lessons');
    const panel = await screen.findByRole('region', { name: 'Багц хичээлийн хүсэлтүүд' });
    const list = screen.getByRole('region', { name: 'Багц хичээлүүд' });
    expect(list.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
