// /administrator/monsterplans: the create form by default, or the update form of the plan chosen
// with Edit (its id in the address, so Back returns to create); then the plans, the requests panel,
// the exam results, the read-aloud recordings and the question bank import (spec sections 2 and 4).
import type { catalog } from '@learning/contracts';
import { PageTitle, useMonsterplans, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { placementsOf, useSaveMonsterplan, type MonsterplanFields } from '../../monsterplans';
import { BundleForm } from '../bundle-form/BundleForm';
import { earlyPriceBody, earlyPriceFields, type BundleFields } from '../bundle-form/bundle-fields';
import { useEditParam } from '../bundle-form/useEditParam';
import { RequestsPanel } from '../requests/RequestsPanel';
import { AloudRecordings } from './AloudRecordings';
import { ExamResults } from './ExamResults';
import { PlanList } from './PlanList';
import { QuestionImport } from './QuestionImport';

export function MonsterplansScreen() {
  const { t } = useTranslation('admin');
  const plans = useMonsterplans();
  const { editedId, edit, showCreate } = useEditParam();
  const edited = editedId ? plans.data?.find((plan) => plan._id === editedId) : undefined;

  return (
    <>
      <PageTitle>{t('monsterplans.title')}</PageTitle>
      {edited ? <UpdateForm key={edited._id} plan={edited} onDone={() => showCreate(true)} onCancel={() => showCreate(false)} /> : <CreateForm />}
      <PlanList editedId={edited?._id ?? null} onEdit={(plan) => edit(plan._id)} />
      <RequestsPanel kind="monsterplan" />
      <ExamResults />
      <AloudRecordings />
      <QuestionImport plans={plans.data ?? []} />
    </>
  );
}

/** What the catalog takes of the form; `was` is the plan's deadline before, kept if its day is. */
const monsterplanFields = ({ earlyPrice, earlyPriceEnds, ...fields }: BundleFields, was: string | null = null): MonsterplanFields => ({
  ...fields,
  ...earlyPriceBody({ earlyPrice, earlyPriceEnds }, was),
});

function CreateForm() {
  const { t } = useTranslation('admin');
  const save = useSaveMonsterplan();
  const [formKey, setFormKey] = useState(0);
  return (
    <BundleForm
      key={formKey}
      kind="monsterplan"
      heading={t('form.createMonsterplan')}
      submitLabel={t('form.create')}
      isSaving={save.isPending}
      error={save.error}
      notice={save.data ? t('form.created', { name: save.data.name }) : null}
      onSubmit={(fields) => save.mutate({ id: null, fields: monsterplanFields(fields) }, { onSuccess: () => setFormKey((key) => key + 1) })}
    />
  );
}

/** A successful update returns to the create view (spec section 4). */
function UpdateForm({ plan, onDone, onCancel }: { plan: catalog.Monsterplan; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveMonsterplan();
  const names = new Map(plan.populatedVideos.flatMap(({ videos }) => videos.map((video) => [video._id, video.name] as const)));
  return (
    <BundleForm
      kind="monsterplan"
      heading={t('form.updateMonsterplan', { name: plan.name })}
      submitLabel={t('form.update')}
      initial={{
        name: plan.name,
        price: plan.price,
        ...earlyPriceFields(plan),
        videos: placementsOf(plan),
        isActive: plan.isActive,
        exam: plan.exam,
        paymentInstructions: plan.paymentInstructions,
        releaseDaily: plan.releaseDaily,
      }}
      initialNames={names}
      examQuestions={plan.examQuestions}
      isSaving={save.isPending}
      error={save.error}
      onSubmit={(fields) => save.mutate({ id: plan._id, fields: monsterplanFields(fields, plan.earlyPriceUntil) }, { onSuccess: onDone })}
      onCancel={onCancel}
      focusOnMount
    />
  );
}
