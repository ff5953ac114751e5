// Where each chosen video sits in a Monster plan: its week, its day (1–7) and the day's words
// (monsterWords), sent to the catalog as the video's placement.
import { useTranslation } from '@learning/platform';
import { useState } from 'react';
import type { Placement } from '../../monsterplans';
import { daysPerWeek } from './bundle-fields';

export function PlacementFields({ places, nameOf, onChange }: { places: Placement[]; nameOf: (id: string) => string; onChange: (places: Placement[]) => void }) {
  const { t } = useTranslation('admin');
  if (places.length === 0) return null;
  const change = (index: number, patch: Partial<Placement>) => onChange(places.map((place, at) => (at === index ? { ...place, ...patch } : place)));
  return (
    <fieldset className="admin-places">
      <legend className="lp-field__label">{t('form.placement')}</legend>
      <ol>
        {places.map((place, index) => {
          const name = nameOf(place._id);
          return (
            <li key={place._id} className="admin-place">
              <p className="admin-place__name">{name}</p>
              <label>
                <span>{t('form.week')}</span>
                <WeekInput label={`${t('form.week')}: ${name}`} week={place.week} onChange={(week) => change(index, { week })} />
              </label>
              <label>
                <span>{t('form.day')}</span>
                <select className="lp-field__input" aria-label={`${t('form.day')}: ${name}`} value={place.dayOfWeek} onChange={(event) => change(index, { dayOfWeek: Number(event.target.value) })}>
                  {Array.from({ length: daysPerWeek }, (_, day) => (
                    <option key={day + 1} value={day + 1}>
                      {day + 1}
                    </option>
                  ))}
                </select>
              </label>
              <label className="admin-place__words">
                <span>{t('form.words')}</span>
                <textarea className="lp-field__input" rows={2} aria-label={`${t('form.words')}: ${name}`} value={place.monsterWords} onChange={(event) => change(index, { monsterWords: event.target.value })} />
              </label>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

const weeksPerPlan = 52;

/** A week number that may be empty while typed; a number from 1 to 52 is taken, and leaving shows the week taken. */
function WeekInput({ label, week, onChange }: { label: string; week: number; onChange: (week: number) => void }) {
  const [text, setText] = useState(String(week));
  return (
    <input
      className="lp-field__input"
      type="number"
      inputMode="numeric"
      min={1}
      max={weeksPerPlan}
      aria-label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(typed) && typed >= 1 && typed <= weeksPerPlan) onChange(typed);
      }}
      onBlur={() => setText(String(week))}
    />
  );
}
