// The "Имэйл мэдэгдэл" part of /me/settings: a switch per mail topic, saved as soon as it moves.
import { mailTopics } from '@learning/contracts';
import { Alert, Card, Loader, LoadError, useTranslation } from '@learning/platform';
import { useId } from 'react';
import { useMailPreferences, useSwitchMailTopic } from '../../mail/mail-preferences';
import '../strings';

export function MailPreferences() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const preferences = useMailPreferences();
  const switchTopic = useSwitchMailTopic();
  return (
    <Card className="settings">
      <h2 id={titleId} className="settings__title">
        {t('mailPreferences.title')}
      </h2>
      <p className="settings__lead">{t('mailPreferences.lead')}</p>
      {switchTopic.error && <Alert>{switchTopic.error.message}</Alert>}
      {preferences.isPending ? (
        <Loader label={t('mailPreferences.loading')} />
      ) : preferences.isError ? (
        <LoadError title={t('mailPreferences.loadError')} onRetry={() => void preferences.refetch()} />
      ) : (
        <div className="mail-topics" role="group" aria-labelledby={titleId}>
          {mailTopics.map((topic) => (
            <label key={topic} className="mail-topics__switch">
              <input
                type="checkbox"
                role="switch"
                checked={preferences.data[topic]}
                onChange={(event) => switchTopic.mutate({ topic, isOn: event.target.checked })}
              />
              <span>{t(`mailTopics.${topic}`)}</span>
            </label>
          ))}
        </div>
      )}
    </Card>
  );
}
