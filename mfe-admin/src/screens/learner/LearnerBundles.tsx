// A learner's Monster plans and lesson bundles on their admin page: access (approved or pending), the
// price their request recorded, "M / N минут", status, and "Эрх цуцлах" after a confirmation in a
// dialog.
import type { MyLesson, MyMonsterplan } from '@learning/contracts';
import { AccessBadge, Button, formatPrice, minutesOf, ProgressMark, useTranslation, type User } from '@learning/platform';
import { useState } from 'react';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { DeleteDialog } from '../../components/DeleteDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useRevokeAccess, type BundleKind, type LearnerProgress } from '../../users';

interface Enrolment {
  kind: BundleKind;
  entry: MyMonsterplan | MyLesson;
}

export interface LearnerBundlesProps {
  user: User;
  progress: { data?: LearnerProgress | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
}

export function LearnerBundles({ user, progress }: LearnerBundlesProps) {
  const { t } = useTranslation('admin');
  const revoke = useRevokeAccess(user._id);
  const [doomed, setDoomed] = useState<Enrolment | null>(null);
  const title = t('learner.bundles');
  const rows: Enrolment[] | undefined = progress.data && [
    ...progress.data.monsterplans.map((entry) => ({ kind: 'monsterplan' as const, entry })),
    ...progress.data.lessons.map((entry) => ({ kind: 'lesson' as const, entry })),
  ];
  const isRevoking = (row: Enrolment) => revoke.isPending && revoke.variables.bundleId === row.entry._id;

  return (
    <AdminSection title={title}>
      <ErrorNotice title={t('learner.revokeFailed')} error={revoke.error} />
      <AdminTable
        query={progress}
        rows={rows}
        caption={title}
        columns={[
          { header: t('table.name'), cell: (row) => row.entry.name },
          { header: t('learner.kind'), cell: (row) => t(`requests.kind.${row.kind}`) },
          { header: t('learner.access'), cell: (row) => <AccessBadge access={row.entry.access} /> },
          { header: t('learner.price'), kind: 'number', cell: (row) => formatPrice(row.entry.requestPrice) },
          {
            header: t('learner.listened'),
            kind: 'number',
            cell: (row) => t('learner.minutes', { listened: minutesOf(Math.min(row.entry.listenedSeconds, row.entry.totalSeconds)), total: minutesOf(row.entry.totalSeconds) }),
          },
          { header: t('learner.status'), cell: (row) => <ProgressMark status={row.entry.status} /> },
          {
            header: t('table.actions'),
            kind: 'actions',
            cell: (row) => (
              <Button
                variant="subtle"
                className="admin-action admin-action--danger"
                isLoading={isRevoking(row)}
                aria-label={`${t('learner.revoke')}: ${row.entry.name}`}
                onClick={() => setDoomed(row)}
              >
                {t('learner.revoke')}
              </Button>
            ),
          },
        ]}
        loadError={t('learner.progressLoadError')}
        empty={t('learner.noBundles')}
        rowKey={(row) => `${row.kind}-${row.entry._id}`}
      />
      {doomed && (
        <DeleteDialog
          title={t('learner.confirmRevoke')}
          confirmLabel={t('learner.revoke')}
          isLoading={revoke.isPending}
          onClose={() => setDoomed(null)}
          onConfirm={() => revoke.mutate({ kind: doomed.kind, bundleId: doomed.entry._id, name: doomed.entry.name }, { onSettled: () => setDoomed(null) })}
        >
          <p>{t('learner.revokeWhat', { email: user.email, name: doomed.entry.name })}</p>
          <p className="admin-muted">{t('learner.revokeKeeps')}</p>
        </DeleteDialog>
      )}
    </AdminSection>
  );
}
