import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, address, aPlan, aVideo, callsTo, pagedFrom, renderAdmin } from './fixtures';

const planVideos = [aVideo('mv1', 'Өглөө'), aVideo('mv2', 'Дэлгүүрт'), aVideo('mv3', 'Цаг агаар')];
const createForm = () => within(screen.getByRole('form', { name: 'Шинэ Monster plan' }));

describe('the Monster plans (/administrator/monsterplans)', () => {
  it('shows the create form on entry and creates a plan with each video in its week and day, with its words', async () => {
    let plans = [aPlan()];
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': () => ({ body: plans }),
      'POST /v1/monsterplans': (call) => {
        plans = [...plans, aPlan({ _id: 'p2', name: (call.body as { name: string }).name })];
        return { status: 201, body: plans.at(-1) };
      },
    });
    renderAdmin('/administrator/monsterplans');
    await userEvent.type(await createForm().findByLabelText('Нэр'), 'Monster plan 2');
    await userEvent.type(createForm().getByLabelText('Үнэ'), '49000');
    await userEvent.click(await createForm().findByRole('checkbox', { name: 'Өглөө' }));
    await userEvent.click(createForm().getByRole('checkbox', { name: 'Цаг агаар' }));
    // A newly chosen video takes the day after the last one.
    expect(createForm().getByRole('combobox', { name: 'Өдөр: Цаг агаар' })).toHaveValue('2');
    await userEvent.clear(createForm().getByRole('spinbutton', { name: 'Долоо хоног: Цаг агаар' }));
    await userEvent.type(createForm().getByRole('spinbutton', { name: 'Долоо хоног: Цаг агаар' }), '2');
    await userEvent.selectOptions(createForm().getByRole('combobox', { name: 'Өдөр: Цаг агаар' }), '3');
    await userEvent.type(createForm().getByRole('textbox', { name: 'Өдрийн үгс (monsterWords): Өглөө' }), 'sunrise, breakfast');
    // A new plan has no question bank yet, so its exam stays off.
    expect(createForm().getByRole('checkbox', { name: 'Шалгалттай' })).toBeDisabled();
    await userEvent.type(createForm().getByRole('textbox', { name: 'Төлбөрийн заавар' }), 'Голомт банк 1105 000 111, QPay.');
    const releaseDaily = createForm().getByRole('checkbox', { name: 'Өдөр бүр нэг өдрийн хичээл нээх' });
    expect(releaseDaily).not.toBeChecked();
    expect(releaseDaily).toHaveAccessibleDescription(/зөвшөөрөгдсөн өдрөөс эхлэн Улаанбаатарын цагаар 00:00-д/);
    await userEvent.click(releaseDaily);
    await userEvent.click(createForm().getByRole('button', { name: 'Багц хичээл үүсгэх' }));

    await waitFor(() => expect(callsTo(gateway.calls, 'POST', '/v1/monsterplans')).toHaveLength(1));
    expect(callsTo(gateway.calls, 'POST', '/v1/monsterplans')[0]?.body).toEqual({
      name: 'Monster plan 2',
      price: '49000',
      earlyPrice: null,
      earlyPriceUntil: null,
      videos: [
        { _id: 'mv1', week: 1, dayOfWeek: 1, monsterWords: 'sunrise, breakfast' },
        { _id: 'mv3', week: 2, dayOfWeek: 3, monsterWords: '' },
      ],
      isActive: true,
      exam: false,
      paymentInstructions: 'Голомт банк 1105 000 111, QPay.',
      releaseDaily: true,
    });
    expect(await screen.findByText('Үүслээ: Monster plan 2')).toBeInTheDocument();
  });

  it("shows the plan's question bank by 'Шалгалттай' ('Асуултын сан: 12/40'), locks the exam off while the bank is short and leads to the import", async () => {
    adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1', examQuestions: { count: 12, needed: 40 } })] },
    });
    renderAdmin('/administrator/monsterplans?edit=p1');
    const updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    const exam = updateForm.getByRole('checkbox', { name: 'Шалгалттай' });
    expect(exam).toBeDisabled();
    expect(exam).toHaveAccessibleDescription('Асуултын сан: 12/40. Шалгалтыг асаахын өмнө дор хаяж 40 асуулт оруулна уу. Асуулт оруулах');

    await userEvent.click(updateForm.getByRole('link', { name: 'Асуулт оруулах' }));
    expect(within(screen.getByRole('region', { name: 'Асуултын сан оруулах' })).getByLabelText('Monster plan')).toHaveFocus();
  });

  it('lets a plan whose bank is short switch its exam off, and one whose bank is full switch it on', async () => {
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': {
        body: [
          aPlan({ _id: 'p1', name: 'Monster plan 1', exam: true, examQuestions: { count: 12, needed: 40 } }),
          aPlan({ _id: 'p2', name: 'Monster plan 2', examQuestions: { count: 45, needed: 40 } }),
        ],
      },
      'PUT /v1/monsterplans/p1': { body: aPlan({ _id: 'p1' }) },
    });
    const { unmount } = renderAdmin('/administrator/monsterplans?edit=p1');
    const shortForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    await userEvent.click(shortForm.getByRole('checkbox', { name: 'Шалгалттай' }));
    await userEvent.click(shortForm.getByRole('button', { name: 'Багц хичээл засах' }));
    await waitFor(() => expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p1')).toHaveLength(1));
    expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p1')[0]?.body).toMatchObject({ exam: false });
    unmount();

    renderAdmin('/administrator/monsterplans?edit=p2');
    const fullForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 2' }));
    const exam = fullForm.getByRole('checkbox', { name: 'Шалгалттай' });
    expect(exam).toBeEnabled();
    expect(exam).toHaveAccessibleDescription('Асуултын сан: 45/40. Асуулт оруулах');
  });

  it("shows the catalog's refusal by 'Шалгалттай' when the bank is short at saving", async () => {
    const refusal = 'Асуултын санд 39 асуулт байна: шалгалтыг асаахын өмнө дор хаяж 40 асуулт оруулна уу (асуултын сангийн файл импортлох).';
    adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1', examQuestions: { count: 40, needed: 40 } })] },
      'PUT /v1/monsterplans/p1': { status: 409, body: { message: refusal, code: 'exam_bank_short' } },
    });
    renderAdmin('/administrator/monsterplans?edit=p1');
    const updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    await userEvent.click(updateForm.getByRole('checkbox', { name: 'Шалгалттай' }));
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));
    expect(await updateForm.findByRole('alert')).toHaveTextContent(refusal);
    const exam = updateForm.getByRole('checkbox', { name: 'Шалгалттай' });
    expect(exam).toBeChecked();
    expect(exam).toHaveAccessibleDescription(`Асуултын сан: 40/40. Асуулт оруулах ${refusal}`);
  });

  it("'Засах' switches to the update form ('Багц хичээл засах') for that plan; a successful update returns to create", async () => {
    let plans = [aPlan({ _id: 'p1', name: 'Monster plan 1' }), aPlan({ _id: 'p2', name: 'Monster plan 2', paymentInstructions: 'Төвд бэлнээр.', releaseDaily: true })];
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': () => ({ body: plans }),
      'PUT /v1/monsterplans/p2': (call) => {
        plans = plans.map((plan) => (plan._id === 'p2' ? { ...plan, name: (call.body as { name: string }).name } : plan));
        return { body: plans[1] };
      },
    });
    renderAdmin('/administrator/monsterplans');
    const row = within((await within(await screen.findByRole('table', { name: 'Monster plan-ууд' })).findByText('Monster plan 2')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Засах: Monster plan 2' }));

    const updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 2' }));
    expect(screen.queryByRole('form', { name: 'Шинэ Monster plan' })).not.toBeInTheDocument();
    expect(address()).toHaveTextContent('/administrator/monsterplans?edit=p2');
    expect(updateForm.getByRole('heading', { name: 'Monster plan засах: Monster plan 2' })).toHaveFocus();
    expect(updateForm.getByLabelText('Нэр')).toHaveValue('Monster plan 2');
    expect(updateForm.getByLabelText('Үнэ')).toHaveValue('49000');
    expect(await updateForm.findByRole('checkbox', { name: 'Өглөө' })).toBeChecked();
    expect(updateForm.getByRole('checkbox', { name: 'Дэлгүүрт' })).toBeChecked();
    expect(updateForm.getByRole('checkbox', { name: 'Цаг агаар' })).not.toBeChecked();
    expect(updateForm.getByRole('textbox', { name: 'Өдрийн үгс (monsterWords): Өглөө' })).toHaveValue('morning');
    expect(updateForm.getByRole('textbox', { name: 'Төлбөрийн заавар' })).toHaveValue('Төвд бэлнээр.');
    expect(updateForm.getByRole('checkbox', { name: 'Өдөр бүр нэг өдрийн хичээл нээх' })).toBeChecked();

    await userEvent.clear(updateForm.getByLabelText('Нэр'));
    await userEvent.type(updateForm.getByLabelText('Нэр'), 'Monster plan 2+');
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));

    expect(await screen.findByRole('form', { name: 'Шинэ Monster plan' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/administrator\/monsterplans$/);
    expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p2')[0]?.body).toEqual({
      id: 'p2',
      name: 'Monster plan 2+',
      price: '49000',
      earlyPrice: null,
      earlyPriceUntil: null,
      videos: [
        { _id: 'mv1', week: 1, dayOfWeek: 1, monsterWords: 'morning' },
        { _id: 'mv2', week: 1, dayOfWeek: 2, monsterWords: '' },
      ],
      isActive: true,
      exam: false,
      paymentInstructions: 'Төвд бэлнээр.',
      releaseDaily: true,
    });
    expect(await within(screen.getByRole('table', { name: 'Monster plan-ууд' })).findByText('Monster plan 2+')).toBeInTheDocument();
  });

  it("sets the early price and the day it ends (spec section 9: 35,000₮ before 9 December → 2026-12-09T00:00:00+08:00)", async () => {
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [] },
      'POST /v1/monsterplans': (call) => ({ status: 201, body: aPlan({ _id: 'p9', name: (call.body as { name: string }).name }) }),
    });
    renderAdmin('/administrator/monsterplans');
    await userEvent.type(await createForm().findByLabelText('Нэр'), 'Monster plan 1');
    await userEvent.type(createForm().getByLabelText('Үнэ'), '49,000₮');
    await userEvent.click(await createForm().findByRole('checkbox', { name: 'Өглөө' }));
    await userEvent.type(createForm().getByLabelText('Эрт үнэ'), '35,000₮');
    const ends = createForm().getByLabelText('Эрт үнэ дуусах огноо (энэ өдрөөс эхлэн энгийн үнэ)');
    expect(ends).toHaveAttribute('type', 'date');
    expect(ends).toHaveAccessibleDescription(/Энэ өдрийн 00:00-аас \(Улаанбаатарын цагаар\) эхлэн энгийн үнэ үйлчилнэ/);

    // An early price without its day (or a day without its price) is not sent.
    await userEvent.click(createForm().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    expect(createForm().getByText('Эрт үнэ дуусах огноог оруулна уу.')).toBeInTheDocument();
    expect(ends).toHaveFocus();
    expect(callsTo(gateway.calls, 'POST', '/v1/monsterplans')).toHaveLength(0);

    fireEvent.change(ends, { target: { value: '2026-12-09' } });
    await userEvent.click(createForm().getByRole('button', { name: 'Багц хичээл үүсгэх' }));
    await waitFor(() => expect(callsTo(gateway.calls, 'POST', '/v1/monsterplans')).toHaveLength(1));
    expect(callsTo(gateway.calls, 'POST', '/v1/monsterplans')[0]?.body).toMatchObject({ price: '49,000₮', earlyPrice: '35,000₮', earlyPriceUntil: '2026-12-09T00:00:00+08:00' });
  });

  it('edits a plan’s early price: shown as the day it ends, kept as it was when untouched, cleared (null) when emptied', async () => {
    const early = aPlan({ _id: 'p1', name: 'Monster plan 1', earlyPrice: '35000', earlyPriceUntil: '2026-12-08T16:00:00.000Z' });
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [early] },
      'PUT /v1/monsterplans/p1': { body: early },
    });
    const { unmount } = renderAdmin('/administrator/monsterplans?edit=p1');
    let updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    expect(updateForm.getByLabelText('Эрт үнэ')).toHaveValue('35000');
    expect(updateForm.getByLabelText('Эрт үнэ дуусах огноо (энэ өдрөөс эхлэн энгийн үнэ)')).toHaveValue('2026-12-09');
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));
    await waitFor(() => expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p1')).toHaveLength(1));
    expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p1')[0]?.body).toMatchObject({ earlyPrice: '35000', earlyPriceUntil: '2026-12-08T16:00:00.000Z' });
    unmount();

    const cleared = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [early] },
      'PUT /v1/monsterplans/p1': { body: early },
    });
    renderAdmin('/administrator/monsterplans?edit=p1');
    updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    await userEvent.clear(updateForm.getByLabelText('Эрт үнэ'));
    fireEvent.change(updateForm.getByLabelText('Эрт үнэ дуусах огноо (энэ өдрөөс эхлэн энгийн үнэ)'), { target: { value: '' } });
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));
    await waitFor(() => expect(callsTo(cleared.calls, 'PUT', '/v1/monsterplans/p1')).toHaveLength(1));
    expect(callsTo(cleared.calls, 'PUT', '/v1/monsterplans/p1')[0]?.body).toMatchObject({ earlyPrice: null, earlyPriceUntil: null });
  });

  it('keeps the update form with the server message when the update fails, and blocks an update without videos', async () => {
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': pagedFrom(planVideos),
      'GET /v1/monsterplans': { body: [aPlan()] },
      'PUT /v1/monsterplans/p1': { status: 400, body: { message: 'Нэр хэтэрхий урт байна.', code: 'invalid_input' } },
    });
    renderAdmin('/administrator/monsterplans?edit=p1');
    const updateForm = within(await screen.findByRole('form', { name: 'Monster plan засах: Monster plan 1' }));
    await userEvent.click(await updateForm.findByRole('checkbox', { name: 'Өглөө' }));
    await userEvent.click(updateForm.getByRole('checkbox', { name: 'Дэлгүүрт' }));
    expect(updateForm.getByText('Дор хаяж нэг видео сонгоно уу.')).toBeInTheDocument();
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));
    expect(callsTo(gateway.calls, 'PUT', '/v1/monsterplans/p1')).toHaveLength(0);

    await userEvent.click(updateForm.getByRole('checkbox', { name: 'Цаг агаар' }));
    await userEvent.click(updateForm.getByRole('button', { name: 'Багц хичээл засах' }));
    expect(await updateForm.findByText('Нэр хэтэрхий урт байна.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Monster plan засах: Monster plan 1' })).toBeInTheDocument();

    await userEvent.click(updateForm.getByRole('button', { name: 'Болих' }));
    expect(await screen.findByRole('form', { name: 'Шинэ Monster plan' })).toBeInTheDocument();
  });

  it("lists the plans with name, price (and the early price with the day it ends), videos and actions, and deletes one after 'Тийм'", async () => {
    let plans = [
      aPlan({ _id: 'p1', name: 'Monster plan 1', isActive: false }),
      aPlan({ _id: 'p2', name: 'Monster plan 2', exam: true, earlyPrice: '35000', earlyPriceUntil: '2099-12-08T16:00:00.000Z' }),
      aPlan({ _id: 'p3', name: 'Monster plan 3', earlyPrice: '35000', earlyPriceUntil: '2020-12-08T16:00:00.000Z' }),
    ];
    const gateway = adminSession({
      'GET /v1/monsterplans': () => ({ body: plans }),
      'DELETE /v1/monsterplans/p1': () => {
        plans = plans.slice(1);
        return { status: 204 };
      },
    });
    renderAdmin('/administrator/monsterplans');
    const table = await screen.findByRole('table', { name: 'Monster plan-ууд' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Нэр', 'Үнэ', 'Видеонууд', 'Үйлдэл']);
    const first = within(within(table).getAllByRole('row')[1]!);
    expect(first.getByText('Идэвхгүй')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Өглөө' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Дэлгүүрт' })).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Шалгалттай')).toBeInTheDocument();
    const priceOf = (row: number) => within(table).getAllByRole('row')[row]!.querySelectorAll('td')[1]!.textContent;
    expect(priceOf(1)).toBe('49,000₮');
    expect(priceOf(2)).toBe('49,000₮Эрт үнэ 35,000₮, дуусах огноо 2099 оны 12-р сарын 9');
    expect(priceOf(3)).toBe('49,000₮Эрт үнэ 35,000₮, дуусах огноо 2020 оны 12-р сарын 9 (дууссан)');

    expect(first.getByRole('button', { name: 'Засах: Monster plan 1' })).toHaveTextContent(/^Засах$/);
    expect(first.getByRole('link', { name: 'Буцаан олголт: Monster plan 1' })).toBeInTheDocument();
    await userEvent.click(first.getByRole('button', { name: 'Устгах: Monster plan 1' }));
    await userEvent.click(first.getByRole('button', { name: 'Тийм' }));
    await waitFor(() => expect(within(table).queryByText('Monster plan 1')).not.toBeInTheDocument());
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplans/p1')[0]?.body).toEqual({ id: 'p1', videos: ['mv1', 'mv2'] });
  });

  it("shows the exam results: student, lesson, 'Зөв хариулсан', 'Нийт асуулт', 10 per page on the server", async () => {
    const results = Array.from({ length: 11 }, (_, index) => ({
      _id: `e${index + 1}`,
      user: { email: `student${index + 1}@example.com` },
      monsterplan: { name: 'Monster plan 1' },
      percent: 87.5,
      correctQuestions: 35,
      totalQuestions: 40,
    }));
    const gateway = adminSession({ 'GET /v1/monsterplans/exam-results': pagedFrom(results) });
    renderAdmin('/administrator/monsterplans');
    const section = within(await screen.findByRole('region', { name: 'Шалгалтын дүн' }));
    const table = await section.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Сурагч', 'Хичээл', 'Зөв хариулсан', 'Нийт асуулт']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['student1@example.com', 'Monster plan 1', '35', '40']);
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/exam-results')[0]?.query).toEqual({ perPage: '10', currentPage: '1' });

    await userEvent.click(section.getByRole('button', { name: '2-р хуудас' }));
    expect(await section.findByText('student11@example.com')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/administrator/monsterplans?resultsPage=2');
  });

  it('shows the read-aloud recordings: index, email and each recording with its time and an audio player, paged on the server', async () => {
    const entries = [
      { user: { email: 'reader1@example.com' }, alouds: [{ createdAt: '2026-11-20T09:30:00.000Z', url: '/v1/media/aloud/a1.mp3?signature=x' }, { createdAt: '2026-11-21T09:30:00.000Z', url: '/v1/media/aloud/a2.mp3?signature=y' }] },
      { user: { email: 'reader2@example.com' }, alouds: [{ createdAt: '2026-11-22T10:00:00.000Z', url: '/v1/media/aloud/a3.mp3?signature=z' }] },
    ];
    const gateway = adminSession({ 'GET /v1/monsterplans/aloud': pagedFrom(entries) });
    renderAdmin('/administrator/monsterplans');
    const section = within(await screen.findByRole('region', { name: 'Чанга уншлага' }));
    const table = await section.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['№', 'Имэйл', 'Бичлэгүүд']);
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(row.getByText('reader1@example.com')).toBeInTheDocument();
    const players = table.querySelectorAll('audio');
    expect([...players].map((player) => player.getAttribute('src'))).toEqual(['/v1/media/aloud/a1.mp3?signature=x', '/v1/media/aloud/a2.mp3?signature=y']);
    expect(players[0]).toHaveAttribute('controls');
    expect(row.getAllByRole('time')[0]).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
    expect(row.getAllByRole('time')[0]).toHaveTextContent(/^2026 оны 11-р сарын 2\d, \d\d:\d\d$/);
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/aloud')[0]?.query).toEqual({ perPage: '1', currentPage: '1' });

    await userEvent.click(section.getByRole('button', { name: 'Дараах' }));
    expect(await section.findByText('reader2@example.com')).toBeInTheDocument();
    expect(within(within(section.getByRole('table')).getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('2');
  });

  it("shows each recording's plan day and whether it came on time, from the catalog, for the recordings on the page", async () => {
    const recorded = (id: string, week: number | null, dayOfWeek: number | null) => ({
      _id: id,
      createdAt: '2026-11-20T09:30:00.000Z',
      url: `/v1/media/aloud/${id}.mp3`,
      monsterplanId: week === null ? null : 'p1',
      week,
      dayOfWeek,
    });
    const entries = [{ user: { _id: 'u1', email: 'reader1@example.com' }, alouds: [recorded('a1', 2, 3), recorded('a2', 1, 1), recorded('a3', 1, 2), recorded('a4', null, null)] }];
    const known = (aloudId: string, week: number, dayOfWeek: number, assignedAt: string | null, isOnTime: boolean) => ({
      aloudId,
      monsterplanId: 'p1',
      week,
      dayOfWeek,
      recordedAt: '2026-11-20T09:30:00.000Z',
      assignedAt,
      isOnTime,
    });
    const gateway = adminSession({
      'GET /v1/monsterplans': { body: [aPlan()] },
      'GET /v1/monsterplans/aloud': pagedFrom(entries),
      'GET /v1/refunds/alouds': {
        body: { result: [known('a1', 2, 3, '2026-11-20T01:00:00.000Z', true), known('a2', 1, 1, '2026-11-18T01:00:00.000Z', false), known('a3', 1, 2, null, false)] },
      },
    });
    renderAdmin('/administrator/monsterplans');
    const section = within(await screen.findByRole('region', { name: 'Чанга уншлага' }));
    const table = await section.findByRole('table');
    await within(table).findByText('Хугацаандаа');
    const recordings = within(table).getAllByRole('listitem');
    expect(recordings[0]).toHaveTextContent('Monster plan 1');
    expect(recordings[0]).toHaveTextContent('2-р долоо хоног, 3-р өдөр');
    expect(recordings[0]).toHaveTextContent('Хугацаандаа');
    expect(recordings[1]).toHaveTextContent('1-р долоо хоног, 1-р өдөр');
    expect(recordings[1]).toHaveTextContent('Хоцорсон');
    expect(recordings[2]).toHaveTextContent('Хуваарьгүй');
    // A recording without a plan day: '—', never scheduled.
    expect(recordings[3]).toHaveTextContent('—');
    expect(recordings[3]).toHaveTextContent('Хуваарьгүй');
    expect(callsTo(gateway.calls, 'GET', '/v1/refunds/alouds')[0]?.query).toEqual({ ids: 'a1,a2,a3,a4' });
  });

  it("has the requests panel below the plans, titled for plans: 'Monster plan-ы хүсэлтүүд'", async () => {
    adminSession();
    renderAdmin('/administrator/monsterplans');
    expect(await screen.findByRole('region', { name: 'Monster plan-ы хүсэлтүүд' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Багц хичээлийн хүсэлтүүд' })).not.toBeInTheDocument();
  });
});
