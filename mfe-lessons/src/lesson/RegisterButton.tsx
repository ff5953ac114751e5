// The register button of a bundle (list and detail): POST /v1/lesson-requests; a failure sends the
// visitor to sign in, a success reloads the current user so the bundle reads pending, and tells the
// page, which then shows how to pay.
import { Button, useRequestLesson, useTranslation } from '@learning/platform';

export interface RegisterButtonProps {
  lessonId: string;
  name: string;
  onRequested?: () => void;
}

export function RegisterButton({ lessonId, name, onRequested }: RegisterButtonProps) {
  const { t } = useTranslation('lessons');
  const request = useRequestLesson();
  return (
    <Button isLoading={request.isPending} onClick={() => request.mutate({ lesson: lessonId }, { onSuccess: onRequested })} aria-label={t('access.registerLabel', { name })}>
      {t('access.register')}
    </Button>
  );
}
