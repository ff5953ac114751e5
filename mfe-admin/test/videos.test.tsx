import { changeLanguage } from '@learning/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession, address, aVideo, callsTo, pagedFrom, renderAdmin } from './fixtures';

const aVideoFile = (name = 'lesson-1.mp4') => new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], name, { type: 'video/mp4' });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Видео файл');
const publishButton = () => screen.getByRole('button', { name: 'Нийтлэх' });

describe('the videos (/administrator/videos)', () => {
  it("uploads a picked video with a progress bar from 0 to 100, says 'Амжилттай хуулагдлаа.' and only then enables 'Нийтлэх'", async () => {
    const gateway = adminSession({ 'POST /v1/files/monsterplan-videos': { status: 201, body: aVideo('new1', '', { isPublished: false }) } }, { holdUploads: true });
    renderAdmin('/administrator/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Видео' })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', 'video/*');
    expect(publishButton()).toBeDisabled();

    const file = aVideoFile();
    await userEvent.upload(fileInput(), file);
    const progress = await screen.findByRole('progressbar');
    expect(progress).toHaveAttribute('value', '0');
    expect(progress).toHaveAttribute('max', '100');
    const [sent] = gateway.uploads;
    expect(sent?.call).toMatchObject({ method: 'POST', path: '/v1/files/monsterplan-videos', headers: { authorization: 'Bearer token-of-admin' } });
    expect((sent?.call.body as FormData).get('video')).toMatchObject({ name: 'lesson-1.mp4', size: file.size, type: 'video/mp4' });

    act(() => sent?.progress(40));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '40'));
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
    act(() => sent?.progress(100));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100'));
    act(() => sent?.finish());
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(publishButton()).toBeEnabled();
  });

  it("lists the new video as not yet published, and leaves its name empty for the administrator to give, not the file's", async () => {
    let videos = [aVideo('v1', 'Эхний видео')];
    adminSession({
      'GET /v1/files/monsterplan-videos': () => pagedFrom(videos)({ query: {} } as never),
      'POST /v1/files/monsterplan-videos': () => {
        videos = [aVideo('new1', 'lesson-1', { isPublished: false }), ...videos];
        return { status: 201, body: videos[0] };
      },
    });
    renderAdmin('/administrator/videos');
    await userEvent.upload(fileInput(), aVideoFile());
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();
    expect(screen.getByLabelText('Видеоны нэр')).toHaveValue('');
    // The list shows it at once, not yet published.
    const row = within((await within(screen.getByRole('table')).findByText('lesson-1')).closest('tr')!);
    expect(row.getByText('Нийтлээгүй')).toBeInTheDocument();
  });

  it('publishes with {id, name, translateUrl}, the name required and trimmed, then reloads the list and resets the input', async () => {
    let videos = [aVideo('v1', 'Эхний видео')];
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': () => pagedFrom(videos)({ query: {} } as never),
      'POST /v1/files/monsterplan-videos': { status: 201, body: aVideo('new1', '', { isPublished: false }) },
      'PUT /v1/files/monsterplan-videos/new1': (call) => {
        const { name, translateUrl } = call.body as { name: string; translateUrl: string };
        videos = [...videos, aVideo('new1', name, { translateUrl })];
        return { body: videos.at(-1) };
      },
    });
    renderAdmin('/administrator/videos');
    await userEvent.upload(fileInput(), aVideoFile());
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();

    await userEvent.click(publishButton());
    expect(screen.getByText('Видеоны нэрээ оруулна уу.')).toBeInTheDocument();
    expect(screen.getByLabelText('Видеоны нэр')).toHaveFocus();
    expect(callsTo(gateway.calls, 'PUT', '/v1/files/monsterplan-videos/new1')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Видеоны нэр'), '  Өглөөний мэндчилгээ ');
    await userEvent.type(screen.getByLabelText('Орчуулгын баримтын холбоос (translate doc url)'), 'https://docs.example.com/t1');
    await userEvent.click(publishButton());
    expect(await screen.findByText('Видео нийтлэгдлээ.')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'PUT', '/v1/files/monsterplan-videos/new1')[0]?.body).toEqual({ id: 'new1', name: 'Өглөөний мэндчилгээ', translateUrl: 'https://docs.example.com/t1' });
    expect(await within(screen.getByRole('table')).findByText('Өглөөний мэндчилгээ')).toBeInTheDocument();
    expect(fileInput().files).toHaveLength(0);
    expect(screen.queryByText('Амжилттай хуулагдлаа.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Видеоны нэр')).toHaveValue('');
    expect(publishButton()).toBeDisabled();
  });

  it("refuses a blank name in Mongolian, marked on the field, and never publishes it as the file's name", async () => {
    const gateway = adminSession({ 'POST /v1/files/monsterplan-videos': { status: 201, body: aVideo('new1', 'lesson-1.mp4', { isPublished: false }) } });
    renderAdmin('/administrator/videos');
    await userEvent.upload(fileInput(), aVideoFile());
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Видеоны нэр' });
    expect(name).toBeRequired();
    await userEvent.type(name, '   ');
    await userEvent.click(publishButton());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Видеоны нэрээ оруулна уу.');
    expect(name).toHaveFocus();
    expect(callsTo(gateway.calls, 'PUT', '/v1/files/monsterplan-videos/new1')).toHaveLength(0);
  });

  it('keeps the English words in the English locale: Publish', async () => {
    adminSession();
    renderAdmin('/administrator/videos');
    await screen.findByRole('heading', { level: 1, name: 'Видео' });
    try {
      await act(() => changeLanguage('en'));
      expect(await screen.findByRole('button', { name: 'Publish' })).toBeDisabled();
    } finally {
      await act(() => changeLanguage('mn'));
    }
  });

  it("resets the file input when the upload fails, with the server's message, and keeps 'Нийтлэх' disabled", async () => {
    adminSession({ 'POST /v1/files/monsterplan-videos': { status: 415, body: { message: 'Энэ файл видео биш байна.', code: 'not_a_video' } } });
    renderAdmin('/administrator/videos');
    await userEvent.upload(fileInput(), aVideoFile('notes.mp4'));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Видеог хуулж чадсангүй.');
    expect(error).toHaveTextContent('Энэ файл видео биш байна.');
    expect(fileInput().files).toHaveLength(0);
    expect(screen.queryByText('Амжилттай хуулагдлаа.')).not.toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
  });

  it('takes a dropped video file, and refuses a dropped file that is not a video without sending it', async () => {
    const gateway = adminSession({ 'POST /v1/files/monsterplan-videos': { status: 201, body: aVideo('new1', '') } });
    renderAdmin('/administrator/videos');
    const area = await screen.findByTestId('video-drop');
    fireEvent.drop(area, { dataTransfer: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Зөвхөн видео файл сонгоно уу.')).toBeInTheDocument();
    expect(gateway.uploads).toHaveLength(0);

    fireEvent.drop(area, { dataTransfer: { files: [aVideoFile('dropped.mp4')] } });
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();
    expect(((gateway.uploads[0]?.call.body as FormData).get('video') as File).name).toBe('dropped.mp4');
  });

  it('lists № and name, 10 per page from the real total', async () => {
    const videos = Array.from({ length: 12 }, (_, index) => aVideo(`v${index + 1}`, `Видео ${index + 1}`));
    const gateway = adminSession({ 'GET /v1/files/monsterplan-videos': pagedFrom(videos) });
    renderAdmin('/administrator/videos');
    const table = await screen.findByRole('table', { name: 'Видеонууд: Monster plan видео' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['№', 'Нэр', 'Хадмал', 'Хөрвүүлэлт', 'Үйлдэл']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await userEvent.click(screen.getByRole('button', { name: '2-р хуудас' }));
    const next = await within(table).findByText('Видео 11');
    expect(within(next.closest('tr')!).getAllByRole('cell')[0]).toHaveTextContent('11');
    expect(callsTo(gateway.calls, 'GET', '/v1/files/monsterplan-videos').at(-1)?.query).toEqual({ perPage: '10', currentPage: '2' });
  });

  it("deletes a video after 'Та устгахдаа итгэлтэй байна уу?' with 'Устгах'; 'Болих' keeps it", async () => {
    let videos = [aVideo('v1', 'Эхний видео'), aVideo('v2', 'Хоёр дахь видео')];
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': () => pagedFrom(videos)({ query: {} } as never),
      'DELETE /v1/files/monsterplan-videos/v1': () => {
        videos = videos.slice(1);
        return { status: 204 };
      },
    });
    renderAdmin('/administrator/videos');
    const row = within((await screen.findByText('Эхний видео')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Устгах: Эхний видео' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Та устгахдаа итгэлтэй байна уу?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Болих' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/files/monsterplan-videos/v1')).toHaveLength(0);

    await userEvent.click(row.getByRole('button', { name: 'Устгах: Эхний видео' }));
    dialog = within(screen.getByRole('dialog', { name: 'Та устгахдаа итгэлтэй байна уу?' }));
    expect(dialog.getByText('Эхний видео')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Устгах' }));
    await waitFor(() => expect(screen.queryByText('Эхний видео')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/files/monsterplan-videos/v1')).toHaveLength(1);
  });

  it('works on lesson videos when that kind is chosen, in the address', async () => {
    const gateway = adminSession({
      'GET /v1/files/lesson-videos': pagedFrom([aVideo('l1', 'Лекц 1')]),
      'POST /v1/files/lesson-videos': { status: 201, body: aVideo('l2', '') },
    });
    renderAdmin('/administrator/videos');
    await userEvent.click(await screen.findByRole('link', { name: 'Багц хичээлийн видео' }));
    expect(address()).toHaveTextContent('/administrator/videos?kind=lesson');
    expect(await screen.findByRole('table', { name: 'Видеонууд: Багц хичээлийн видео' })).toHaveTextContent('Лекц 1');
    expect(screen.getByRole('link', { name: 'Багц хичээлийн видео' })).toHaveAttribute('aria-current', 'page');
    await userEvent.upload(fileInput(), aVideoFile());
    expect(await screen.findByText('Амжилттай хуулагдлаа.')).toBeInTheDocument();
    expect(gateway.uploads[0]?.call.path).toBe('/v1/files/lesson-videos');
  });

  it("uploads a video's subtitles", async () => {
    let videos = [aVideo('v1', 'Эхний видео')];
    const gateway = adminSession({
      'GET /v1/files/monsterplan-videos': () => pagedFrom(videos)({ query: {} } as never),
      'POST /v1/files/monsterplan-videos/v1/subtitle': () => {
        videos = [aVideo('v1', 'Эхний видео', { hasSubtitle: true })];
        return { status: 201, body: videos[0] };
      },
    });
    renderAdmin('/administrator/videos');
    const row = within((await screen.findByText('Эхний видео')).closest('tr')!);
    expect(row.getByText('Хадмалгүй')).toBeInTheDocument();
    const subtitles = new File(['1\n00:00:01,000 --> 00:00:02,000\nHello\n'], 'first.srt', { type: 'application/x-subrip' });
    await userEvent.upload(row.getByLabelText('Хадмал хуулах (SRT, WebVTT): Эхний видео'), subtitles);
    expect(await screen.findByText('Хадмал хуулагдлаа: Эхний видео')).toBeInTheDocument();
    expect(await row.findByText('Хадмалтай')).toBeInTheDocument();
    expect((gateway.uploads[0]?.call.body as FormData).get('subtitle')).toMatchObject({ name: 'first.srt', size: subtitles.size });
  });

  describe("each video's transcoding", () => {
    const job = (state: string, progress = 0, reason: string | null = null) => ({ transcoding: { state, progress, reason } });

    it('shows the state in Mongolian per row: queued, transcoding N %, ready, failed with its reason; nothing for a video without a job', async () => {
      adminSession({
        'GET /v1/files/monsterplan-videos': {
          body: {
            result: [
              aVideo('v1', 'Хүлээж буй', job('queued')),
              aVideo('v2', 'Хөрвүүлж буй', job('transcoding', 42)),
              aVideo('v3', 'Бэлэн болсон', job('ready', 100)),
              aVideo('v4', 'Бүтэлгүйтсэн', job('failed', 0, 'Видеог хөрвүүлж чадсангүй: moov atom not found')),
              aVideo('v5', 'Хуучин', { transcoding: null }),
            ],
            total: 5,
          },
        },
      });
      renderAdmin('/administrator/videos');
      const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
      expect((await row('Хүлээж буй')).getByText('Дараалалд')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Хөрвүүлэлт' })).toBeInTheDocument();
      expect((await row('Хөрвүүлж буй')).getByText('Хөрвүүлж байна 42 %')).toBeInTheDocument();
      expect((await row('Бэлэн болсон')).getByText('Бэлэн')).toBeInTheDocument();
      const failed = await row('Бүтэлгүйтсэн');
      expect(failed.getByText('Амжилтгүй: Видеог хөрвүүлж чадсангүй: moov atom not found')).toBeInTheDocument();
      expect(failed.getByRole('button', { name: 'Дахин оролдох' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Дахин оролдох' })).toHaveLength(1);
      expect((await row('Хуучин')).queryByText(/Дараалалд|Хөрвүүлж|Бэлэн|Амжилтгүй/)).not.toBeInTheDocument();
    });

    it('asks for the list again while a job is queued or running, until it is ready', async () => {
      let asked = 0;
      adminSession({
        'GET /v1/files/monsterplan-videos': () => {
          asked++;
          const transcoding = asked === 1 ? job('queued') : asked === 2 ? job('transcoding', 42) : job('ready', 100);
          return { body: { result: [aVideo('v1', 'Хичээл', transcoding)], total: 1 } };
        },
      });
      renderAdmin('/administrator/videos');
      expect(await screen.findByText('Дараалалд')).toBeInTheDocument();
      // The poll's interval, not a figure under test: waits bounded at twice it.
      expect(await screen.findByText('Хөрвүүлж байна 42 %', {}, { timeout: 7000 })).toBeInTheDocument();
      expect(await screen.findByText('Бэлэн', {}, { timeout: 7000 })).toBeInTheDocument();
    }, 20_000);

    it("retries a failed job with POST …/{id}/transcoding, and shows the job queued again; a refusal's message is shown", async () => {
      let videos = [aVideo('v1', 'Хичээл', job('failed', 0, 'Видеоны файл олдсонгүй.')), aVideo('v2', 'Дахиад', job('failed', 0, 'Алдаа'))];
      const gateway = adminSession({
        'GET /v1/files/monsterplan-videos': () => ({ body: { result: videos, total: videos.length } }),
        'POST /v1/files/monsterplan-videos/v1/transcoding': () => {
          videos = [aVideo('v1', 'Хичээл', job('queued')), videos[1]!];
          return { status: 202, body: videos[0] };
        },
        'POST /v1/files/monsterplan-videos/v2/transcoding': {
          status: 409,
          body: { message: 'Зөвхөн амжилтгүй болсон хөрвүүлэлтийг дахин эхлүүлэх боломжтой.', code: 'transcoding_not_failed' },
        },
      });
      renderAdmin('/administrator/videos');
      const first = within((await screen.findByText('Хичээл')).closest('tr')!);
      await userEvent.click(first.getByRole('button', { name: 'Дахин оролдох' }));
      expect(await first.findByText('Дараалалд')).toBeInTheDocument();
      expect(callsTo(gateway.calls, 'POST', '/v1/files/monsterplan-videos/v1/transcoding')).toHaveLength(1);
      const second = within(screen.getByText('Дахиад').closest('tr')!);
      await userEvent.click(second.getByRole('button', { name: 'Дахин оролдох' }));
      expect(await screen.findByText('Зөвхөн амжилтгүй болсон хөрвүүлэлтийг дахин эхлүүлэх боломжтой.')).toBeInTheDocument();
    });
  });
});
