// The create and update form of lesson bundles and Monster plans (spec sections 2 and 5): name, price,
// the early price with the day it ends (spec section 9), the videos and the payment instructions; a
// plan's videos also get their week, day and words, a plan may release its days one a day, and
// its exam is switched on only while its question bank can fill one. An invalid submit is blocked and
// marks every field touched; a field's problem shows once it is touched.
import { examRules, type catalog } from '@learning/contracts';
import { Alert, Button, TextAreaField, TextField, useTranslation } from '@learning/platform';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { namesakeTags } from '../../video-names';
import { useVideoUses } from '../../video-uses';
import { usePublishedVideos, type VideoKind } from '../../videos';
import { bundleErrors, bundleFieldOrder, earlyPriceLength, emptyBundle, paymentInstructionsLength, type BundleField, type BundleFields } from './bundle-fields';
import { ExamSwitch } from './ExamSwitch';
import { PlacementFields } from './PlacementFields';
import { VideoPicker } from './VideoPicker';

export interface BundleFormProps {
  kind: VideoKind;
  heading: string;
  submitLabel: string;
  initial?: BundleFields;
  onSubmit: (fields: BundleFields) => void;
  isSaving: boolean;
  error: unknown;
  /** What the last successful save said ('Үүслээ: …'). */
  notice?: string | null;
  onCancel?: () => void;
  /** Names of the videos the bundle has now, for those the published list does not name. */
  initialNames?: ReadonlyMap<string, string>;
  /** Brings the form into view with the focus on its heading (the update form, opened from the list below). */
  focusOnMount?: boolean;
  /** A plan's question bank; a plan not yet created has none. */
  examQuestions?: catalog.Monsterplan['examQuestions'];
}

const noQuestions = { count: 0, needed: examRules.questionCount };

export function BundleForm({ kind, heading, submitLabel, initial = emptyBundle, onSubmit, isSaving, error, notice, onCancel, initialNames, focusOnMount = false, examQuestions = noQuestions }: BundleFormProps) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  const [fields, setFields] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<BundleField, boolean>>>({});
  const videos = usePublishedVideos(kind);
  const uses = useVideoUses(kind);
  const namedVideos = [
    ...(videos.data ?? []),
    ...fields.videos.filter(({ _id }) => !videos.data?.some((video) => video._id === _id)).map(({ _id }) => ({ _id, name: initialNames?.get(_id) ?? _id })),
  ];
  // As the picker tells them apart: a name two videos share is followed by the end of each one's id.
  const tags = namesakeTags(namedVideos.map(({ _id, name }) => ({ _id, name })));
  const nameOf = (id: string) => {
    const name = namedVideos.find((video) => video._id === id)?.name ?? id;
    const tag = tags.get(id);
    return tag?.kind === 'id' ? `${name} ${tag.text}` : name;
  };
  const errors = bundleErrors(fields);
  const shownError = (field: BundleField) => (touched[field] && errors[field] ? t(errors[field]) : undefined);
  const touch = (field: BundleField) => setTouched((current) => ({ ...current, [field]: true }));
  const change = (patch: Partial<BundleFields>) => setFields((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(Object.fromEntries(bundleFieldOrder.map((field) => [field, true])));
    const firstInvalid = bundleFieldOrder.find((field) => errors[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${firstInvalid}"]`)?.focus();
      return;
    }
    onSubmit({ ...fields, name: fields.name.trim(), price: fields.price.trim(), earlyPrice: fields.earlyPrice.trim(), paymentInstructions: fields.paymentInstructions.trim() });
  };

  return (
    <form className="admin-form lp-card" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {notice && <Alert tone="success" title={notice} />}
      <ErrorNotice title={t('form.failed')} error={error} />
      <div className="admin-form__row">
        <TextField
          label={t('form.name')}
          name="name"
          data-field="name"
          value={fields.name}
          required
          autoComplete="off"
          error={shownError('name')}
          onChange={(event) => change({ name: event.target.value })}
          onBlur={() => touch('name')}
        />
        <TextField
          label={t('form.price')}
          name="price"
          data-field="price"
          value={fields.price}
          required
          autoComplete="off"
          error={shownError('price')}
          onChange={(event) => change({ price: event.target.value })}
          onBlur={() => touch('price')}
        />
      </div>
      {/* Both or neither; a request made before the day records the early price (what the learner then pays). */}
      <fieldset className="admin-form__early">
        <legend className="lp-field__label">{t('form.early')}</legend>
        <div className="admin-form__row">
          <TextField
            label={t('form.earlyPrice')}
            name="earlyPrice"
            data-field="earlyPrice"
            value={fields.earlyPrice}
            maxLength={earlyPriceLength}
            autoComplete="off"
            error={shownError('earlyPrice')}
            onChange={(event) => change({ earlyPrice: event.target.value })}
            onBlur={() => touch('earlyPrice')}
          />
          <TextField
            label={t('form.earlyPriceEnds')}
            hint={t('form.earlyPriceEndsHint')}
            type="date"
            name="earlyPriceEnds"
            data-field="earlyPriceEnds"
            value={fields.earlyPriceEnds}
            error={shownError('earlyPriceEnds')}
            onChange={(event) => change({ earlyPriceEnds: event.target.value })}
            onBlur={() => touch('earlyPriceEnds')}
          />
        </div>
      </fieldset>
      {/* The administrator's own words on how to pay (bank account, QPay, cash at the centre), shown to a learner who asks. */}
      <TextAreaField
        label={t('form.paymentInstructions')}
        hint={t('form.paymentInstructionsHint', { max: paymentInstructionsLength })}
        name="paymentInstructions"
        data-field="paymentInstructions"
        rows={4}
        maxLength={paymentInstructionsLength}
        value={fields.paymentInstructions}
        error={shownError('paymentInstructions')}
        onChange={(event) => change({ paymentInstructions: event.target.value })}
        onBlur={() => touch('paymentInstructions')}
      />
      <VideoPicker
        kind={kind}
        videos={videos}
        uses={uses}
        chosen={fields.videos}
        error={shownError('videos')}
        onChange={(videos) => {
          change({ videos });
          touch('videos');
        }}
      />
      {kind === 'monsterplan' && (
        <>
          <PlacementFields places={fields.videos} nameOf={nameOf} onChange={(videos) => change({ videos })} />
          <div className="admin-form__checks">
            <label>
              <input type="checkbox" checked={fields.isActive} onChange={(event) => change({ isActive: event.target.checked })} /> {t('form.isActive')}
            </label>
            <ExamSwitch hasExam={fields.exam} hadExam={initial.exam} examQuestions={examQuestions} error={error} onChange={(exam) => change({ exam })} />
            <div className="admin-form__check">
              <label>
                <input
                  type="checkbox"
                  checked={fields.releaseDaily}
                  aria-describedby={`${headingId}-release`}
                  onChange={(event) => change({ releaseDaily: event.target.checked })}
                />{' '}
                {t('form.releaseDaily')}
              </label>
              <p id={`${headingId}-release`} className="lp-field__hint">
                {t('form.releaseDailyHint')}
              </p>
            </div>
          </div>
        </>
      )}
      <div className="admin-form__actions">
        <Button type="submit" isLoading={isSaving}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancelEdit')}
          </Button>
        )}
      </div>
    </form>
  );
}
