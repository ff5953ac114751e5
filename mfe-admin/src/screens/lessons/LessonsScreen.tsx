// /administrator/lessons: the create form, or the update form of the bundle chosen with Edit (its id
// in the address, so Back returns to create); the bundles, and the requests panel below (spec section 2).
import type { catalog } from '@learning/contracts';
import { PageTitle, useLessons, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { useSaveLesson, type LessonFields } from '../../lessons';
import { BundleForm } from '../bundle-form/BundleForm';
import { earlyPriceBody, earlyPriceFields, type BundleFields } from '../bundle-form/bundle-fields';
import { useEditParam } from '../bundle-form/useEditParam';
import { RequestsPanel } from '../requests/RequestsPanel';
import { LessonList } from './LessonList';

export function LessonsScreen() {
  const { t } = useTranslation('admin');
  const lessons = useLessons();
  const { editedId, edit, showCreate } = useEditParam();
  const edited = editedId ? lessons.data?.find((lesson) => lesson._id === editedId) : undefined;
  return (
    <>
      <PageTitle>{t('lessons.title')}</PageTitle>
      {edited ? <UpdateForm key={edited._id} lesson={edited} onDone={() => showCreate(true)} onCancel={() => showCreate(false)} /> : <CreateForm />}
      <LessonList editedId={edited?._id ?? null} onEdit={(lesson) => edit(lesson._id)} />
      <RequestsPanel kind="lesson" />
    </>
  );
}

/** What the catalog takes of the form; `was` is the bundle's deadline before, kept if its day is. */
const lessonFields = ({ name, videos, price, earlyPrice, earlyPriceEnds, paymentInstructions }: BundleFields, was: string | null = null): LessonFields => ({
  name,
  videos: videos.map((video) => video._id),
  price,
  ...earlyPriceBody({ earlyPrice, earlyPriceEnds }, was),
  paymentInstructions,
});

function CreateForm() {
  const { t } = useTranslation('admin');
  const save = useSaveLesson();
  // A new form after each bundle made: empty, nothing touched.
  const [formKey, setFormKey] = useState(0);
  return (
    <BundleForm
      key={formKey}
      kind="lesson"
      heading={t('form.createLesson')}
      submitLabel={t('form.create')}
      isSaving={save.isPending}
      error={save.error}
      notice={save.data ? t('form.created', { name: save.data.name }) : null}
      onSubmit={(fields) => save.mutate({ id: null, fields: lessonFields(fields) }, { onSuccess: () => setFormKey((key) => key + 1) })}
    />
  );
}

function UpdateForm({ lesson, onDone, onCancel }: { lesson: catalog.Lesson; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveLesson();
  const names = new Map(lesson.populatedVideos.map((video) => [video._id, video.name] as const));
  return (
    <BundleForm
      kind="lesson"
      heading={t('form.updateLesson', { name: lesson.name })}
      submitLabel={t('form.update')}
      initial={{
        name: lesson.name,
        price: lesson.price,
        ...earlyPriceFields(lesson),
        videos: lesson.videos.map((_id, index) => ({ _id, week: 1, dayOfWeek: Math.min(index + 1, 7), monsterWords: '' })),
        isActive: true,
        exam: false,
        paymentInstructions: lesson.paymentInstructions,
        releaseDaily: false,
      }}
      initialNames={names}
      isSaving={save.isPending}
      error={save.error}
      onSubmit={(fields) => save.mutate({ id: lesson._id, fields: lessonFields(fields, lesson.earlyPriceUntil) }, { onSuccess: onDone })}
      onCancel={onCancel}
      focusOnMount
    />
  );
}
