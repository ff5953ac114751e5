import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, callsTo, renderAdmin } from './fixtures';

const centre = { name: 'Англи хэлний төв', phone: null, email: null, address: null, facebookUrl: null };
const configured = { ...centre, logoUrl: 'https://cdn.centre.mn/logo.png' };
const uploaded = { ...centre, logoUrl: '/v1/centre/logo?v=abcdefghijklmnop' };
const aPicture = (type = 'image/png', size = 2048, name = 'logo.png') => new File([new Uint8Array(size)], name, { type });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Лого сонгох');
const shownLogo = () => screen.getByRole('img', { name: 'Англи хэлний төв-ийн лого' });

describe("the centre's logo (/administrator/centre)", () => {
  it('shows the configured logo and where it comes from; nothing to remove', async () => {
    adminSession({ 'GET /v1/centre': { body: configured } });
    renderAdmin('/administrator/centre');
    expect(await screen.findByRole('heading', { level: 1, name: 'Төвийн лого' })).toBeInTheDocument();
    expect(await screen.findByText('Тохиргооны (CENTRE_LOGO_URL) лого. Шинээр байршуулбал түүнийг орлоно.')).toBeInTheDocument();
    expect(shownLogo()).toHaveAttribute('src', configured.logoUrl);
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(screen.queryByRole('button', { name: 'Лого устгах' })).not.toBeInTheDocument();
  });

  it('uploads a picked picture with a progress bar, shows it, and removes it after a confirmation', async () => {
    const gateway = adminSession(
      { 'GET /v1/centre': { body: configured }, 'PUT /v1/centre/logo': { body: uploaded }, 'DELETE /v1/centre/logo': { body: configured } },
      { holdUploads: true },
    );
    renderAdmin('/administrator/centre');
    await screen.findByText('Тохиргооны (CENTRE_LOGO_URL) лого. Шинээр байршуулбал түүнийг орлоно.');

    await userEvent.upload(fileInput(), aPicture());
    const [sent] = gateway.uploads;
    expect(sent?.call).toMatchObject({ method: 'PUT', path: '/v1/centre/logo' });
    expect((sent?.call.body as FormData).get('file')).toMatchObject({ name: 'logo.png', type: 'image/png' });
    act(() => sent?.progress(60));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '60'));
    act(() => sent?.finish());

    expect(await screen.findByText('Лого шинэчлэгдлээ.')).toBeInTheDocument();
    expect(shownLogo()).toHaveAttribute('src', uploaded.logoUrl);
    expect(screen.getByText('Админы байршуулсан лого.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Лого устгах' }));
    expect(screen.getByText('Байршуулсан логог устгах уу?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Тийм' }));
    await waitFor(() => expect(shownLogo()).toHaveAttribute('src', configured.logoUrl));
    expect(callsTo(gateway.calls, 'DELETE', '/v1/centre/logo')).toHaveLength(1);
  });

  it('refuses an SVG or a picture over 512 KB before sending it, and shows the server’s refusal of one it sent', async () => {
    const gateway = adminSession({
      'GET /v1/centre': { body: { ...centre, logoUrl: null } },
      'PUT /v1/centre/logo': { status: 415, body: { message: 'Лого PNG, JPEG эсвэл WebP зураг байх ёстой.', code: 'logo_not_image' } },
    });
    renderAdmin('/administrator/centre');
    expect(await screen.findByText('Лого тохируулаагүй: толгой хэсэгт зөвхөн нэр харагдана.')).toBeInTheDocument();

    await userEvent.upload(fileInput(), aPicture('image/svg+xml', 100, 'logo.svg'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Лого PNG, JPEG эсвэл WebP зураг байх ёстой.');
    await userEvent.upload(fileInput(), aPicture('image/png', 513 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('Лого 512 КБ-аас ихгүй байх ёстой.');
    expect(gateway.uploads).toHaveLength(0);

    await userEvent.upload(fileInput(), aPicture());
    expect(await screen.findByText('Логог хуулж чадсангүй. Лого PNG, JPEG эсвэл WebP зураг байх ёстой.')).toBeInTheDocument();
  });
});
