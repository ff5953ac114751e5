// The request button of a plan (list and detail): POST /v1/monsterplan-requests; a guest goes to sign
// in, and comes back to the plan's page, which sends the request then; a success reloads the current
// user so the plan reads pending, and tells the page, which then shows how to pay.
import { Button, useRequestMonsterplan, useTranslation } from '@learning/platform';

export interface RequestButtonProps {
  monsterplanId: string;
  name: string;
  onRequested?: () => void;
}

export function RequestButton({ monsterplanId, name, onRequested }: RequestButtonProps) {
  const { t } = useTranslation('monster');
  const request = useRequestMonsterplan();
  return (
    <Button
      isLoading={request.isPending}
      onClick={() => request.mutate({ monsterplan: monsterplanId }, { onSuccess: onRequested })}
      aria-label={t('access.requestLabel', { name })}
    >
      {t('access.request')}
    </Button>
  );
}
