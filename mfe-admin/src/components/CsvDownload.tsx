// 'CSV татах': saves one of the centre's CSV files, the button busy while it downloads and the
// server's message shown when it is refused.
import { Button, useMutation, useTranslation } from '@learning/platform';
import { ErrorNotice } from './ErrorNotice';

export function CsvDownload({ download }: { download: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const saving = useMutation({ mutationFn: download });
  return (
    <>
      <Button variant="secondary" isLoading={saving.isPending} onClick={() => saving.mutate()}>
        {t('csv.download')}
      </Button>
      <ErrorNotice title={t('csv.failed')} error={saving.error} />
    </>
  );
}
