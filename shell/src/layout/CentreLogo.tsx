// The centre's logo at the start of the header, when the centre has one (CENTRE_LOGO_URL). Its box is
// fixed, so the picture arriving moves nothing; one that fails to load leaves the header as it was.
import { useCentre, useTranslation } from '@learning/platform';
import { useState } from 'react';

export function CentreLogo() {
  const { t } = useTranslation('shell');
  const centre = useCentre();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const logoUrl = centre.data?.logoUrl;
  if (!logoUrl || logoUrl === failedUrl) return null;
  return <img className="shell__logo" src={logoUrl} alt={t('nav.logoAlt', { name: centre.data!.name })} width={40} height={40} onError={() => setFailedUrl(logoUrl)} />;
}
