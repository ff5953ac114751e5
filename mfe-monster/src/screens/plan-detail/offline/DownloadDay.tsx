// Under an open day's player: the day downloaded for listening without a connection. Each way
// (audio only, 360p video) shows its size before anything is fetched; "Татаж авах" downloads the one
// chosen with a progress bar and a cancel, after a warning when it would take this browser past its
// budget (OFFLINE_BUDGET_MB). A day downloaded says so, links to the "Татаж авсан" list and can be
// removed. Shown only where the browser can keep it and the service worker can answer it offline.
import {
  Alert,
  Button,
  downloadDay,
  downloadOptions,
  DownloadRefused,
  downloadsKey,
  formatMegabytes,
  Link,
  useCanDownload,
  useCurrentUser,
  useDownloadedDays,
  useOfflineKeeping,
  useQuery,
  useQueryClient,
  useRemoveDownload,
  useTranslation,
  type DownloadChoice,
  type DownloadOption,
} from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { aloudPdfUrl } from '../../../day-materials';
import type { PlanDay } from '../PlanPlayer';

type Step = { name: 'ready' } | { name: 'over-budget' } | { name: 'downloading'; percent: number } | { name: 'failed'; message: string };

export function DownloadDay({ plan, day, play }: { plan: catalog.Monsterplan; day: PlanDay; play: catalog.PlayResult }) {
  const canDownload = useCanDownload();
  const session = useCurrentUser();
  const userId = session.user?._id ?? null;
  if (!canDownload || !userId) return null;
  return <DayDownload key={day.video._id} plan={plan} day={day} play={play} userId={userId} />;
}

function DayDownload({ plan, day, play, userId }: { plan: catalog.Monsterplan; day: PlanDay; play: catalog.PlayResult; userId: string }) {
  const { t, i18n } = useTranslation('monster');
  const titleId = useId();
  const queryClient = useQueryClient();
  const downloads = useDownloadedDays(userId);
  const remove = useRemoveDownload();
  const options = useQuery({
    queryKey: ['offline', 'options', play.url],
    queryFn: ({ signal }) => downloadOptions(play.url, signal),
    staleTime: Infinity,
    retry: false,
  });
  const budget = useOfflineKeeping().data?.budgetBytes;
  const [choice, setChoice] = useState<DownloadChoice>('audio');
  const [step, setStep] = useState<Step>({ name: 'ready' });
  const cancel = useRef<AbortController | null>(null);
  // A download under way stops when the day is left.
  useEffect(() => () => cancel.current?.abort(), []);

  const size = (bytes: number) => formatMegabytes(bytes, i18n.language);
  const downloaded = downloads.data?.days.find((kept) => kept.video._id === day.video._id);
  const chosen = options.data?.find((option) => option.choice === choice) ?? options.data?.[0];

  const start = async (option: DownloadOption) => {
    const controller = new AbortController();
    cancel.current = controller;
    setStep({ name: 'downloading', percent: 0 });
    try {
      await downloadDay(
        { userId, monsterplanId: plan._id, planName: plan.name, week: day.week, video: day.video, subtitles: play.sub, aloudPdf: aloudPdfUrl(plan._id, day.week, day.video.dayOfWeek) },
        option,
        { signal: controller.signal, onProgress: ({ loadedBytes, totalBytes }) => setStep({ name: 'downloading', percent: Math.min(99, Math.floor((loadedBytes / totalBytes) * 100)) }) },
      );
      setStep({ name: 'ready' });
    } catch (error) {
      if (controller.signal.aborted) setStep({ name: 'ready' });
      else setStep({ name: 'failed', message: error instanceof DownloadRefused && error.reason === 'no-space' ? t('offline.noSpace') : t('offline.failed') });
    } finally {
      cancel.current = null;
      await queryClient.invalidateQueries({ queryKey: downloadsKey });
    }
  };
  const ask = (option: DownloadOption) => {
    const kept = downloads.data?.keptBytes ?? 0;
    if (budget !== undefined && kept + option.estimatedBytes > budget) setStep({ name: 'over-budget' });
    else void start(option);
  };

  let body;
  if (downloaded) {
    body = (
      <>
        <p>{t('offline.downloaded', { size: size(downloaded.bytes), kind: t(`offline.choice.${downloaded.choice}`) })}</p>
        <p className="day-download__actions">
          <Link to="/me/downloads">{t('offline.list')}</Link>
          <Button variant="secondary" isLoading={remove.isPending} onClick={() => remove.mutate(downloaded.key)}>
            {t('offline.remove')}
          </Button>
        </p>
      </>
    );
  } else if (options.isPending) {
    body = <p className="day-download__note">{t('offline.sizing')}</p>;
  } else if (options.isError) {
    const isNotReady = options.error instanceof DownloadRefused && options.error.reason === 'not-ready';
    body = <p className="day-download__note">{isNotReady ? t('offline.notReady') : t('offline.unavailable')}</p>;
  } else if (step.name === 'downloading') {
    body = (
      <>
        <p id={`${titleId}-progress`}>{t('offline.downloading', { percent: step.percent })}</p>
        <progress className="day-download__bar" max={100} value={step.percent} aria-labelledby={`${titleId}-progress`} />
        <p className="day-download__actions">
          <Button variant="secondary" onClick={() => cancel.current?.abort()}>
            {t('offline.cancel')}
          </Button>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <fieldset className="day-download__choices">
          <legend>{t('offline.choose')}</legend>
          {options.data.map((option) => (
            <label key={option.choice} className="day-download__choice">
              <input type="radio" name={`${titleId}-choice`} value={option.choice} checked={chosen?.choice === option.choice} onChange={() => setChoice(option.choice)} />
              {t(`offline.choice.${option.choice}`)} — ≈{size(option.estimatedBytes)}
            </label>
          ))}
        </fieldset>
        {budget !== undefined && (
          <p className="day-download__note">{t('offline.kept', { kept: size(downloads.data?.keptBytes ?? 0), budget: size(budget) })}</p>
        )}
        {step.name === 'over-budget' && chosen ? (
          <Alert tone="info" title={t('offline.overBudget', { budget: size(budget ?? 0) })}>
            <p className="day-download__actions">
              <Button onClick={() => void start(chosen)}>{t('offline.downloadAnyway')}</Button>
              <Link to="/me/downloads">{t('offline.list')}</Link>
              <Button variant="subtle" onClick={() => setStep({ name: 'ready' })}>
                {t('offline.notNow')}
              </Button>
            </p>
          </Alert>
        ) : (
          <p className="day-download__actions">
            <Button onClick={() => chosen && ask(chosen)} disabled={!chosen}>
              {t('offline.download')}
            </Button>
          </p>
        )}
        {step.name === 'failed' && <Alert title={step.message} />}
      </>
    );
  }
  return (
    <section className="day-download" aria-labelledby={titleId}>
      <h3 id={titleId} className="day-materials__title">
        {t('offline.title')}
      </h3>
      {body}
    </section>
  );
}
