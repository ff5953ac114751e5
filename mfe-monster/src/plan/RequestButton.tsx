// The request button of a plan (list and detail): POST /v1/monsterplan-requests; a failure sends the
// visitor to sign in, a success reloads the current user so the plan reads pending.
import { Button, useRequestMonsterplan, useTranslation } from '@learning/platform';

export function RequestButton({ monsterplanId, name }: { monsterplanId: string; name: string }) {
  const { t } = useTranslation('monster');
  const request = useRequestMonsterplan();
  return (
    <Button isLoading={request.isPending} onClick={() => request.mutate({ monsterplan: monsterplanId })} aria-label={t('access.requestLabel', { name })}>
      {t('access.request')}
    </Button>
  );
}
