// Under the chosen day's video: its translation document, its words as a file, its read-aloud PDF,
// and the learner's read-aloud recording (spec sections 1 and 7). A day played offline has its words
// and its downloaded PDF only: the translation, the flashcards and the upload need the connection.
import { media } from '@learning/contracts';
import { useTranslation } from '@learning/platform';
import { useId, type ReactNode } from 'react';
import { aloudPdfUrl, saveFile, wordsFile } from '../../day-materials';
import { flashcardsFile, type DayWords } from '../../day-words';
import { AloudUpload } from './aloud/AloudUpload';
import type { PlanDay } from './PlanPlayer';

export interface DayMaterialsProps {
  monsterplanId: string;
  day: PlanDay;
  /** The plan's words of the days so far, for Anki and Quizlet. */
  flashcards?: { deck: string; days: DayWords[] };
  /** A downloaded day played offline: its PDF's offline address, if it has one. */
  offline?: { aloudPdf: string | null };
}

export function DayMaterials({ monsterplanId, day, flashcards, offline }: DayMaterialsProps) {
  const { t } = useTranslation('monster');
  const titleId = useId();
  const { video, week } = day;
  const hasWords = video.monsterWords.trim() !== '';
  return (
    <div className="day-materials">
      <section aria-labelledby={titleId}>
        <h3 id={titleId} className="day-materials__title">
          {t('day.title')}
        </h3>
        <ul className="day-materials__list">
          {/* A link stored before media checked them could lead to another host: not shown. */}
          {!offline && media.isSafeLink(video.translateUrl) && (
            <Material icon="⇄" note={t('day.opensInNewTab')}>
              {(describedBy) => (
                <a className="day-materials__item" href={video.translateUrl} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
                  {t('detail.translation')}
                </a>
              )}
            </Material>
          )}
          {hasWords && (
            <Material icon="Aa" note={t('day.wordsNote')}>
              {(describedBy) => (
                <button
                  type="button"
                  className="day-materials__item"
                  aria-describedby={describedBy}
                  onClick={() => saveFile(wordsFile(video.monsterWords, week, video.dayOfWeek))}
                >
                  {t('day.words')}
                </button>
              )}
            </Material>
          )}
          {flashcards && flashcards.days.length > 0 && (
            <Material icon="TSV" note={t('day.flashcardsNote', { days: flashcards.days.length })}>
              {(describedBy) => (
                <button type="button" className="day-materials__item" aria-describedby={describedBy} onClick={() => saveFile(flashcardsFile(flashcards.deck, flashcards.days))}>
                  {t('day.flashcards')}
                </button>
              )}
            </Material>
          )}
          {(!offline || offline.aloudPdf) && (
            <Material icon="PDF" note={t('day.aloudPdfNote')}>
              {(describedBy) => (
                <a className="day-materials__item" href={offline?.aloudPdf ?? aloudPdfUrl(monsterplanId, week, video.dayOfWeek)} download aria-describedby={describedBy}>
                  {t('day.aloudPdf')}
                </a>
              )}
            </Material>
          )}
        </ul>
      </section>
      {!offline && <AloudUpload day={{ monsterplanId, week: day.week, dayOfWeek: day.video.dayOfWeek }} />}
    </div>
  );
}

/** One material: an icon, the link or button (named by its text), and a note that describes it. */
function Material({ icon, note, children }: { icon: string; note: string; children: (describedBy: string) => ReactNode }) {
  const noteId = useId();
  return (
    <li className="day-materials__material">
      <span className="day-materials__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="day-materials__body">
        {children(noteId)}
        <span id={noteId} className="day-materials__note">
          {note}
        </span>
      </span>
    </li>
  );
}
