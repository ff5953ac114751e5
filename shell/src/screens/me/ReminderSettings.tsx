// The "Өдөр бүрийн сануулга" part of /me/settings: the time of the daily reminder (Ulaanbaatar's),
// the reminder 3 hours before a read-aloud window closes (on or off), and whether this device
// receives them as notifications. They also come by mail while that mail topic is on.
import type { auth } from '@learning/contracts';
import { Alert, Card, Loader, LoadError, useTranslation } from '@learning/platform';
import { useId, useState, type FormEvent } from 'react';
import { canPush, PushRefused, useChangeReminder, useReminderSettings, useSubscribeThisDevice, useThisDevice, useUnsubscribeThisDevice } from '../../mail/reminders';
import '../strings';

export function ReminderSettings() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const settings = useReminderSettings();
  return (
    <Card className="settings">
      <h2 id={titleId} className="settings__title">
        {t('reminders.title')}
      </h2>
      <p className="settings__lead">{t('reminders.lead')}</p>
      {settings.isPending ? (
        <Loader label={t('reminders.loading')} />
      ) : settings.isError ? (
        <LoadError title={t('reminders.loadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <DailyReminder dailyAt={settings.data.dailyAt} />
          <AloudWindowReminder settings={settings.data} />
        </>
      )}
      <ThisDevice />
    </Card>
  );
}

function DailyReminder({ dailyAt }: { dailyAt: string | null }) {
  const { t } = useTranslation('shell');
  const change = useChangeReminder();
  const [time, setTime] = useState(dailyAt ?? '20:00');
  const inputId = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ dailyAt: time });
  };
  return (
    <form className="reminder-form" onSubmit={save}>
      {change.error && <Alert>{change.error.message}</Alert>}
      <p role="status">{dailyAt ? t('reminders.setAt', { time: dailyAt }) : t('reminders.none')}</p>
      <label htmlFor={inputId}>{t('reminders.time')}</label>
      <input id={inputId} type="time" required value={time} onChange={(event) => setTime(event.target.value)} />
      <div className="reminder-form__actions">
        <button type="submit" className="lp-button lp-button--primary" disabled={change.isPending}>
          {t('reminders.save')}
        </button>
        {dailyAt && (
          <button type="button" className="lp-button lp-button--secondary" disabled={change.isPending} onClick={() => change.mutate({ dailyAt: null })}>
            {t('reminders.stop')}
          </button>
        )}
      </div>
    </form>
  );
}

/** Saved as soon as it is ticked or cleared; the daily reminder's time is sent as it is saved. */
function AloudWindowReminder({ settings }: { settings: auth.ReminderSettings }) {
  const { t } = useTranslation('shell');
  const change = useChangeReminder();
  const hintId = useId();
  return (
    <div className="reminder-aloud">
      {change.error && <Alert>{change.error.message}</Alert>}
      <label className="reminder-aloud__choice">
        <input
          type="checkbox"
          checked={settings.aloudWindow}
          disabled={change.isPending}
          aria-describedby={hintId}
          onChange={(event) => change.mutate({ dailyAt: settings.dailyAt, aloudWindow: event.target.checked })}
        />
        <span>{t('reminders.aloudWindow')}</span>
      </label>
      <p id={hintId} className="settings__lead">
        {t('reminders.aloudWindowHint')}
      </p>
    </div>
  );
}

function ThisDevice() {
  const { t } = useTranslation('shell');
  const device = useThisDevice();
  const subscribe = useSubscribeThisDevice();
  const unsubscribe = useUnsubscribeThisDevice();
  if (!canPush()) return <p className="settings__lead">{t('reminders.noPush')}</p>;
  if (device.isPending) return null;
  const refusal = subscribe.error instanceof PushRefused ? t(`reminders.refused.${subscribe.error.reason}`) : subscribe.error?.message;
  return (
    <div className="reminder-device">
      {refusal && <Alert>{refusal}</Alert>}
      {device.data ? (
        <>
          <p>{t('reminders.deviceOn')}</p>
          <button type="button" className="lp-button lp-button--secondary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(device.data!)}>
            {t('reminders.deviceStop')}
          </button>
        </>
      ) : (
        <button type="button" className="lp-button lp-button--secondary" disabled={subscribe.isPending} onClick={() => subscribe.mutate()}>
          {t('reminders.deviceStart')}
        </button>
      )}
    </div>
  );
}
