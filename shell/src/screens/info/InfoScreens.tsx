// The shell's small pages: /help (with the centre's contact), /unauthorized and /404.
import { Link, PageTitle, usePageTitle, useTranslation } from '@learning/platform';
import { CentreContact } from './CentreContact';

export function HelpScreen() {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageTitle>{t('help.title')}</PageTitle>
      <p>{t('help.body')}</p>
      <CentreContact />
      <section aria-labelledby="help-app">
        <h2 id="help-app">{t('help.appTitle')}</h2>
        <p>{t('help.appAndroid')}</p>
        <p>{t('help.appIphone')}</p>
        <p>{t('help.appOffline')}</p>
      </section>
    </>
  );
}

export function UnauthorizedScreen() {
  const { t } = useTranslation('shell');
  return <StatusScreen code={t('status.unauthorized')} body={t('status.unauthorizedBody')} />;
}

export function NotFoundScreen() {
  const { t } = useTranslation('shell');
  return <StatusScreen code={t('status.notFound')} body={t('status.notFoundBody')} />;
}

function StatusScreen({ code, body }: { code: string; body: string }) {
  const { t } = useTranslation('shell');
  usePageTitle(code);
  return (
    <div className="status-screen">
      <h1 className="status-screen__code">{code}</h1>
      <p>{body}</p>
      <Link to="/home">{t('status.backHome')}</Link>
    </div>
  );
}
