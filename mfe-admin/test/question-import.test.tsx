import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, aPlan, renderAdmin } from './fixtures';

const csv = () => new File(['question,niceWord,answer1,answer2,answer3,answer4,correct\n"I *run* daily",run,гүйх,идэх,унтах,суух,1\n'], 'bank.csv', { type: 'text/csv' });
const section = () => within(screen.getByRole('region', { name: 'Асуултын сан оруулах' }));

describe('the question bank import (/administrator/monsterplans)', () => {
  it("imports a plan's questions from a file (added, or replacing the bank) and says how many came and how many the bank holds", async () => {
    const gateway = adminSession({
      'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1' }), aPlan({ _id: 'p2', name: 'Monster plan 2' })] },
      'POST /v1/monsterplans/p2/questions': { status: 201, body: { imported: 40, count: 45 } },
      'PUT /v1/monsterplans/p1/questions': { body: { imported: 12, count: 12 } },
    });
    renderAdmin('/administrator/monsterplans');
    await userEvent.selectOptions(await section().findByLabelText('Monster plan'), await section().findByRole('option', { name: 'Monster plan 2' }));
    await userEvent.upload(section().getByLabelText('Асуултын файл (CSV, JSON)'), csv());
    await userEvent.click(section().getByRole('button', { name: 'Оруулах' }));
    expect(await section().findByText('40 асуулт орлоо.')).toBeInTheDocument();
    const sent = gateway.uploads[0]?.call;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/monsterplans/p2/questions' });
    expect((sent?.body as FormData).get('file')).toMatchObject({ name: 'bank.csv' });
    expect(section().getByText('Асуултын санд нийт 45 асуулт байна.')).toBeInTheDocument();
    expect(section().getByLabelText<HTMLInputElement>('Асуултын файл (CSV, JSON)').files).toHaveLength(0);

    // Replacing the bank sends the file with PUT.
    await userEvent.selectOptions(section().getByLabelText('Monster plan'), 'p1');
    await userEvent.upload(section().getByLabelText('Асуултын файл (CSV, JSON)'), csv());
    await userEvent.click(section().getByRole('checkbox', { name: 'Одоогийн сангаа энэ файлаар солих' }));
    await userEvent.click(section().getByRole('button', { name: 'Оруулах' }));
    expect(await section().findByText('12 асуулт орлоо.')).toBeInTheDocument();
    expect(gateway.uploads[1]?.call).toMatchObject({ method: 'PUT', path: '/v1/monsterplans/p1/questions' });
  });

  it('asks for the plan and the file before sending, and shows what the service found wrong', async () => {
    const gateway = adminSession({
      'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1' })] },
      'POST /v1/monsterplans/p1/questions': { status: 400, body: { message: '3-р мөр: зөв хариулт 1–4 байх ёстой.', code: 'invalid_questions' } },
    });
    renderAdmin('/administrator/monsterplans');
    await section().findByRole('option', { name: 'Monster plan 1' });
    await userEvent.click(section().getByRole('button', { name: 'Оруулах' }));
    expect(section().getByText('Monster plan сонгоно уу.')).toBeInTheDocument();
    await userEvent.selectOptions(section().getByLabelText('Monster plan'), 'p1');
    await userEvent.click(section().getByRole('button', { name: 'Оруулах' }));
    expect(section().getByText('Файлаа сонгоно уу.')).toBeInTheDocument();
    expect(gateway.uploads).toHaveLength(0);

    await userEvent.upload(section().getByLabelText('Асуултын файл (CSV, JSON)'), csv());
    await userEvent.click(section().getByRole('button', { name: 'Оруулах' }));
    const error = await section().findByRole('alert');
    expect(error).toHaveTextContent('Асуултуудыг оруулж чадсангүй.');
    expect(error).toHaveTextContent('3-р мөр: зөв хариулт 1–4 байх ёстой.');
  });
});
