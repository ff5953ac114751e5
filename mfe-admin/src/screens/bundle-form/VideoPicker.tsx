// The multi-select of videos (spec section 2): the published videos of the bundle's kind as
// checkboxes; the order of choosing is the bundle's order. Each option tells same-named videos apart
// (kind, the plans with week and day or the bundles that use it, length, upload date), and a
// name that two videos share is followed by the end of each one's id ('#3f9a'), so that even their
// checkboxes' names differ. A filter by name and by use is always there.
import { LoadError, Loader, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import type { Placement } from '../../monsterplans';
import { useVideoFacts } from '../../video-facts';
import type { VideoUse } from '../../video-uses';
import { namesakeTags } from '../../video-names';
import type { Video, VideoKind } from '../../videos';
import { nextPlace } from './bundle-fields';

const useFilters = ['all', 'unused', 'chosen'] as const;
type UseFilter = (typeof useFilters)[number];

export interface VideoPickerProps {
  kind: VideoKind;
  videos: { data?: Video[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Where each video is used, by video id. */
  uses: ReadonlyMap<string, VideoUse[]>;
  chosen: Placement[];
  error: string | undefined;
  onChange: (chosen: Placement[]) => void;
}

export function VideoPicker({ kind, videos, uses, chosen, error, onChange }: VideoPickerProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { factsOf, useOf } = useVideoFacts();
  const [filter, setFilter] = useState('');
  const [useFilter, setUseFilter] = useState<UseFilter>('all');
  const chosenIds = new Set(chosen.map((place) => place._id));
  const toggle = (videoId: string, isChosen: boolean) =>
    onChange(isChosen ? [...chosen, { _id: videoId, ...nextPlace(chosen), monsterWords: '' }] : chosen.filter((place) => place._id !== videoId));

  const all = videos.data ?? [];
  const needle = filter.trim().toLowerCase();
  const isShown = (video: Video) => {
    if (needle && !video.name.toLowerCase().includes(needle)) return false;
    if (useFilter === 'unused') return !chosenIds.has(video._id) && (uses.get(video._id) ?? []).length === 0;
    if (useFilter === 'chosen') return chosenIds.has(video._id);
    return true;
  };
  const shown = all.filter(isShown);
  // Told apart among all of them, whatever the filter shows: a tag does not change as one types.
  const tags = namesakeTags(all.map(({ _id, name }) => ({ _id, name })));

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
          <div className="admin-picker__filters">
            <input className="lp-field__input admin-picker__filter" type="search" aria-label={t('form.filter')} placeholder={t('form.filter')} value={filter} onChange={(event) => setFilter(event.target.value)} />
            <select className="lp-field__input admin-picker__use" aria-label={t('form.useFilter.label')} value={useFilter} onChange={(event) => setUseFilter(event.target.value as UseFilter)}>
              {useFilters.map((each) => (
                <option key={each} value={each}>
                  {t(`form.useFilter.${each}`, { context: kind })}
                </option>
              ))}
            </select>
          </div>
          <ul className="admin-picker__list">
            {shown.map((video, index) => {
              const factsId = `${id}-facts-${index}`;
              const usedBy = uses.get(video._id) ?? [];
              const tag = tags.get(video._id);
              return (
                <li key={video._id}>
                  <label>
                    <input type="checkbox" aria-describedby={factsId} checked={chosenIds.has(video._id)} onChange={(event) => toggle(video._id, event.target.checked)} />
                    <span>
                      {video.name}
                      {tag?.kind === 'id' && <span className="admin-picker__tag"> {tag.text}</span>}
                    </span>
                  </label>
                  <p id={factsId} className="admin-picker__facts">
                    <span>{factsOf(video, kind).join(' · ')}</span>
                    <span>{usedBy.length > 0 ? t('videoFacts.usedIn', { uses: usedBy.map(useOf).join('; ') }) : t('videoFacts.unused')}</span>
                  </p>
                </li>
              );
            })}
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
