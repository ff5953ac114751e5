// The request button of a bundle (list and detail): POST /v1/lesson-requests; a guest goes to sign in,
// and comes back to the bundle's page, which sends the request then; a success reloads the current
// user so the bundle reads pending, and tells the page, which then shows how to pay. It says
// "Хүсэлт илгээх": "Бүртгүүлэх" is creating an account.
import { Button, useRequestLesson, useTranslation } from '@learning/platform';

export interface RequestButtonProps {
  lessonId: string;
  name: string;
  onRequested?: () => void;
}

export function RequestButton({ lessonId, name, onRequested }: RequestButtonProps) {
  const { t } = useTranslation('lessons');
  const request = useRequestLesson();
  return (
    <Button isLoading={request.isPending} onClick={() => request.mutate({ lesson: lessonId }, { onSuccess: onRequested })} aria-label={t('access.requestLabel', { name })}>
      {t('access.request')}
    </Button>
  );
}
