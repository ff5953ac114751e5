// A failed admin call, shown to the administrator (the spec only logged them): what failed, and the
// server's own message ('Алдаа' when it gave none).
import { Alert, ApiError, useTranslation } from '@learning/platform';

export function ErrorNotice({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : t('error.fallback');
  return (
    <Alert title={title}>
      <p>{message}</p>
    </Alert>
  );
}
