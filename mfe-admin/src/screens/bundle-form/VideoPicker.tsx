// The multi-select of videos (spec section 2): the published videos of the bundle's kind as
// checkboxes, with a filter once the list is long; the order of choosing is the bundle's order.
import { LoadError, Loader, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import type { Placement } from '../../monsterplans';
import type { Video } from '../../videos';
import { nextPlace } from './bundle-fields';

const filterFrom = 8;

export interface VideoPickerProps {
  videos: { data?: Video[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  chosen: Placement[];
  error: string | undefined;
  onChange: (chosen: Placement[]) => void;
}

export function VideoPicker({ videos, chosen, error, onChange }: VideoPickerProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosenIds = new Set(chosen.map((place) => place._id));
  const toggle = (videoId: string, isChosen: boolean) =>
    onChange(isChosen ? [...chosen, { _id: videoId, ...nextPlace(chosen), monsterWords: '' }] : chosen.filter((place) => place._id !== videoId));

  const all = videos.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((video) => video.name.toLowerCase().includes(needle)) : all;

  return (
    <fieldset
      className="admin-picker"
      data-field="videos"
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    >
      <legend className="lp-field__label">
        {t('form.videos')} <span className="admin-muted">({t('form.chosen', { count: chosen.length })})</span>
      </legend>
      {videos.isPending ? (
        <Loader />
      ) : videos.isError ? (
        <LoadError title={t('form.videosLoadError')} onRetry={() => void videos.refetch()} />
      ) : all.length === 0 ? (
        <p className="admin-muted">{t('form.noVideos')}</p>
      ) : (
        <>
          {all.length >= filterFrom && (
            <input className="lp-field__input admin-picker__filter" type="search" aria-label={t('form.filter')} placeholder={t('form.filter')} value={filter} onChange={(event) => setFilter(event.target.value)} />
          )}
          <ul className="admin-picker__list">
            {shown.map((video) => (
              <li key={video._id}>
                <label>
                  <input type="checkbox" checked={chosenIds.has(video._id)} onChange={(event) => toggle(video._id, event.target.checked)} />
                  <span>{video.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="admin-muted">{t('form.noMatch')}</p>}
        </>
      )}
      {error ? (
        <p id={`${id}-error`} className="lp-field__error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="lp-field__hint">
          {t('form.videosHint')}
        </p>
      )}
    </fieldset>
  );
}
