// Paying a pending request by QPay from the payment instructions: the button only when the centre
// takes QPay; its dialog with the QR code, the amount and the bank apps (those first on a phone); the
// same invoice when it is opened again; the server's message when QPay fails, the instructions still
// there; and the paid invoice, which says so and reloads the learner's access.
import type { payments } from '@learning/contracts';
import { PaymentInstructions } from '@learning/platform';
import { aUser, fakeSession, renderWithPlatform } from '@learning/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const offer = { price: '49000', requestPrice: '49000', paymentInstructions: 'Хаан банк 5000 1234 56' };

function anInvoice(overrides: Partial<payments.Invoice> = {}): payments.Invoice {
  return {
    _id: 'i1',
    request: { _id: 'r1', kind: 'monsterplan' },
    amount: 49_000,
    status: 'open',
    qrText: 'qr-text-1',
    qrImage: 'iVBORw0KGgo=',
    urls: [
      { name: 'Khan bank', description: 'Хаан банк', logo: 'https://qpay.mn/q/logo/khanbank.png', link: 'khanbank://q?qPay_QRcode=qr-text-1' },
      { name: 'Golomt bank', description: 'Голомт банк', logo: 'https://qpay.mn/q/logo/golomtbank.png', link: 'golomtbank://q?qPay_QRcode=qr-text-1' },
    ],
    createdAt: '2026-11-28T08:00:00.000Z',
    expiresAt: '2026-11-28T09:00:00.000Z',
    receipt: null,
    ...overrides,
  };
}

const learner = aUser({ pendingMonsterplans: ['p1'] });
const qpayOn = { 'GET /v1/payments/qpay': { body: { isEnabled: true } } };

function renderPanel() {
  return renderWithPlatform(<PaymentInstructions offer={offer} bundle={{ monsterplan: 'p1' }} />);
}

const payButton = () => screen.findByRole('button', { name: 'QPay-ээр төлөх' });

it('offers no QPay when the centre has not set it up', async () => {
  const gateway = fakeSession(learner, { 'GET /v1/payments/qpay': { body: { isEnabled: false } } });
  renderPanel();
  await waitFor(() => expect(gateway.calls.some((call) => call.path === '/v1/payments/qpay')).toBe(true));
  expect(screen.getByText('Хаан банк 5000 1234 56')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'QPay-ээр төлөх' })).not.toBeInTheDocument();
});

it("opens the request's invoice in a dialog with the QR code, the amount, its expiry and the bank apps, and shows the same one when opened again", async () => {
  let posts = 0;
  // The server makes it once (201), then answers the same open invoice (200).
  const gateway = fakeSession(learner, {
    ...qpayOn,
    'POST /v1/payments/qpay/invoices': () => ({ status: posts++ === 0 ? 201 : 200, body: anInvoice() }),
    'GET /v1/payments/qpay/invoices/i1': { body: anInvoice() },
  });
  renderPanel();
  await userEvent.click(await payButton());

  const dialog = await screen.findByRole('dialog', { name: 'QPay-ээр төлөх' });
  expect(gateway.calls.find((call) => call.method === 'POST')?.body).toEqual({ monsterplan: 'p1' });
  const code = within(dialog).getByRole('img', { name: /QR код/ });
  expect(code).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  expect(within(dialog).getByText('49,000₮')).toBeInTheDocument();
  expect(within(dialog).getByText(/хүртэл хүчинтэй$/)).toBeInTheDocument();
  const khan = within(dialog).getByRole('link', { name: 'Хаан банк' });
  expect(khan).toHaveAttribute('href', 'khanbank://q?qPay_QRcode=qr-text-1');
  expect(within(dialog).getByRole('link', { name: 'Голомт банк' })).toBeInTheDocument();
  // A logo that cannot load is left out, not shown broken.
  fireEvent.error(khan.querySelector('img')!);
  expect(khan.querySelector('img')).toBeNull();
  // On a wide screen the code comes first, to be scanned from a phone.
  expect(code.compareDocumentPosition(khan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await userEvent.click(await payButton());
  const again = await screen.findByRole('dialog', { name: 'QPay-ээр төлөх' });
  expect(within(again).getByRole('img', { name: /QR код/ })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  expect(posts).toBe(2);
});

it('lists the bank apps before the QR code on a phone, where the learner pays in an app on the same screen', async () => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: false });
  try {
    fakeSession(learner, { ...qpayOn, 'POST /v1/payments/qpay/invoices': { status: 201, body: anInvoice() }, 'GET /v1/payments/qpay/invoices/i1': { body: anInvoice() } });
    renderPanel();
    await userEvent.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'QPay-ээр төлөх' });
    const khan = within(dialog).getByRole('link', { name: 'Хаан банк' });
    const code = within(dialog).getByRole('img', { name: /QR код/ });
    expect(khan.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  } finally {
    window.matchMedia = matchMedia;
  }
});

it("says QPay's failure in the server's Mongolian words and keeps the payment instructions", async () => {
  const message = 'QPay-тэй холбогдож чадсангүй. Хэсэг хугацааны дараа дахин оролдох эсвэл төлбөрийн зааврын дагуу төлнө үү.';
  fakeSession(learner, { ...qpayOn, 'POST /v1/payments/qpay/invoices': { status: 502, body: { message, code: 'qpay_unavailable' } } });
  renderPanel();
  await userEvent.click(await payButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('Хаан банк 5000 1234 56')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'QPay-ээр төлөх' })).toBeEnabled();
});

it("says the invoice is paid once it reads paid, and reloads the learner's access until it shows approved", async () => {
  let isPaid = false;
  let meAnswers = 0;
  fakeSession(learner, {
    ...qpayOn,
    'GET /v1/auth/me': () => {
      meAnswers++;
      return { body: isPaid ? aUser({ monsterplans: ['p1'] }) : learner };
    },
    'POST /v1/payments/qpay/invoices': { status: 201, body: anInvoice() },
    'GET /v1/payments/qpay/invoices/i1': () => ({ body: anInvoice({ status: isPaid ? 'paid' : 'open' }) }),
  });
  renderPanel();
  await userEvent.click(await payButton());
  const dialog = await screen.findByRole('dialog', { name: 'QPay-ээр төлөх' });
  expect(within(dialog).getByRole('status')).toHaveTextContent(/банкны аппаараа уншуулах/);

  isPaid = true;
  const answersBefore = meAnswers;
  // The dialog asks again on its own, every few seconds.
  await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Төлбөр төлөгдлөө. Таны эрх нээгдлээ.'), { timeout: 5000 });
  expect(within(dialog).queryByRole('img', { name: /QR код/ })).not.toBeInTheDocument();
  await waitFor(() => expect(meAnswers).toBeGreaterThan(answersBefore));
});

it('offers a new invoice or the instructions when the invoice has expired', async () => {
  let posts = 0;
  fakeSession(learner, {
    ...qpayOn,
    'POST /v1/payments/qpay/invoices': () => ({ status: 201, body: anInvoice({ _id: posts++ === 0 ? 'i1' : 'i2' }) }),
    'GET /v1/payments/qpay/invoices/i1': { body: anInvoice({ status: 'expired' }) },
    'GET /v1/payments/qpay/invoices/i2': { body: anInvoice({ _id: 'i2' }) },
  });
  renderPanel();
  await userEvent.click(await payButton());
  const dialog = await screen.findByRole('dialog', { name: 'QPay-ээр төлөх' });
  expect(await within(dialog).findByText('Энэ нэхэмжлэхийн хугацаа дууссан.')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Шинэ нэхэмжлэх үүсгэх' }));
  expect(await within(dialog).findByRole('img', { name: /QR код/ })).toBeInTheDocument();
  expect(posts).toBe(2);

  await userEvent.click(within(dialog).getByRole('button', { name: 'Хаах' }));
  expect(screen.getByText('Хаан банк 5000 1234 56')).toBeInTheDocument();
});
