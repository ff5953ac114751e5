// 'CSV татах' (or the label given): saves one of the centre's CSV files, the button busy while it
// downloads and the server's message shown when it is refused.
import { Button, useMutation, useTranslation } from '@learning/platform';
import { ErrorNotice } from './ErrorNotice';

export function CsvDownload({ download, label }: { download: () => Promise<void>; label?: string }) {
  const { t } = useTranslation('admin');
  const saving = useMutation({ mutationFn: download });
  return (
    <>
      <Button variant="secondary" isLoading={saving.isPending} onClick={() => saving.mutate()}>
        {label ?? t('csv.download')}
      </Button>
      <ErrorNotice title={t('csv.failed')} error={saving.error} />
    </>
  );
}
