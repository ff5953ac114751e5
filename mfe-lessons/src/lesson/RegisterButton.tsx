// The register button of a bundle (list and detail): POST /v1/lesson-requests; a failure sends the
// visitor to sign in, a success reloads the current user so the bundle reads pending.
import { Button, useRequestLesson, useTranslation } from '@learning/platform';

export function RegisterButton({ lessonId, name }: { lessonId: string; name: string }) {
  const { t } = useTranslation('lessons');
  const request = useRequestLesson();
  return (
    <Button isLoading={request.isPending} onClick={() => request.mutate({ lesson: lessonId })} aria-label={t('access.registerLabel', { name })}>
      {t('access.register')}
    </Button>
  );
}
