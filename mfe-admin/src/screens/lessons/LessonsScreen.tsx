// /administrator/lessons: the create form, the bundles, and the requests panel below (spec section 2).
import { PageTitle, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { useCreateLesson } from '../../lessons';
import { BundleForm } from '../bundle-form/BundleForm';
import { RequestsPanel } from '../requests/RequestsPanel';
import { LessonList } from './LessonList';

export function LessonsScreen() {
  const { t } = useTranslation('admin');
  const create = useCreateLesson();
  // A new form after each bundle made: empty, nothing touched.
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageTitle>{t('lessons.title')}</PageTitle>
      <BundleForm
        key={formKey}
        kind="lesson"
        heading={t('form.createLesson')}
        submitLabel={t('form.create')}
        isSaving={create.isPending}
        error={create.error}
        notice={create.data ? t('form.created', { name: create.data.name }) : null}
        onSubmit={({ name, videos, price }) =>
          create.mutate({ name, videos: videos.map((video) => video._id), price }, { onSuccess: () => setFormKey((key) => key + 1) })
        }
      />
      <LessonList />
      <RequestsPanel kind="lesson" />
    </>
  );
}
