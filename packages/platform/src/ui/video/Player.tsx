// The player itself, loaded only when a page shows a video (VideoPlayer.tsx): the browser's own
// controls, plus the speeds of spec section 9 (0.7, 1, 1.5, 2) and finer slow ones (usePlaybackSpeed.ts),
// subtitles on and off (useSubtitles.ts), keyboard control (usePlayerKeys.ts), resuming where the
// learner stopped (useResumePosition.ts), and the listening reports of a plan's or bundle's video
// (listening.ts). An HLS ladder plays through hls.js where the browser runs it (useHlsSource.ts), with
// a quality menu (useQuality.ts). With subtitles, focused listening: the lines beside the video,
// sentence by sentence, loop and auto-pause (useListeningLines.ts), and dictation (useDictation.ts).
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useListeningReports } from '../../listening';
import { LoadError } from '../feedback';
import type { VideoPlayerProps } from '../VideoPlayer';
import './listening-player.css';
import { formatClock } from './clock';
import { DayWordsList, dayWordMarks } from './DayWordsList';
import { DictationPanel } from './DictationPanel';
import { KeysHelp } from './KeysHelp';
import { PlaybackSpeeds } from './PlaybackSpeeds';
import { QualityMenu } from './QualityMenu';
import { SentenceControls } from './SentenceControls';
import { SentenceList } from './SentenceList';
import { ariaKeyShortcuts } from './shortcuts';
import { registerPlayerStrings } from './strings';
import { useDictation } from './useDictation';
import { useHlsSource } from './useHlsSource';
import { useListeningLines } from './useListeningLines';
import { usePlaybackSpeed } from './usePlaybackSpeed';
import { usePlayerKeys } from './usePlayerKeys';
import { usePrepareVideo } from './usePrepareVideo';
import { useQuality } from './useQuality';
import { useResumePosition } from './useResumePosition';
import { useSubtitles } from './useSubtitles';

registerPlayerStrings();

export default function Player({ src, subtitles, onRetry, resumeKey, startAt, listening, onListeningReported, onDictationChecked, words = [], autoPlay = false, onEnded, className, label }: VideoPlayerProps) {
  const { t } = useTranslation('common');
  const video = useRef<HTMLVideoElement>(null);
  // What the player last did, said to a screen reader.
  const [announcement, announce] = useState('');
  useListeningReports(video, src, listening, onListeningReported);
  const dictation = useDictation(video, src, { listening, onDictationChecked, announce });
  const lines = useListeningLines(video, src, subtitles?.src ?? null, { words, isDictating: dictation.isDictating, onAutoPause: dictation.waitForAnswer, announce });
  const quality = useQuality(src, announce);
  const source = useHlsSource(video, src, quality.ladder);
  const position = useResumePosition(video, src, resumeKey, startAt);
  const subtitleChoice = useSubtitles(video, src, !!subtitles, dictation.isDictating, announce);
  const speed = usePlaybackSpeed(video, announce);
  const keys = usePlayerKeys(video, { speed, subtitles: subtitleChoice, lines, announce });
  // Once per address, when its metadata is known: the speed chosen, the subtitles as chosen, and the
  // position where the learner stopped.
  const prepare = usePrepareVideo(video, src, (element) => {
    // The rate first: a ratechange that reports the old rate would undo the learner's choice.
    speed.applyTo(element);
    subtitleChoice.applyTo(element);
    position.resume(element);
  });
  const hasSide = lines.hasLines || words.length > 0;

  if (source.isFailed || source.sourceKind === 'unplayable') {
    return (
      <LoadError
        title={t('videoError')}
        onRetry={() => {
          source.retry();
          onRetry();
        }}
      />
    );
  }

  return (
    <div className={['lp-player', hasSide && 'lp-player--lines', className].filter(Boolean).join(' ')} role="group" aria-label={label ?? t('video.player')} onKeyDown={keys.onKeyDown} onKeyUpCapture={keys.onKeyUpCapture}>
      <div className="lp-player__main">
        <video
          ref={video}
          // Keyed by address: a new video remounts, so the old one stops and its track goes.
          key={src}
          className="lp-video"
          // hls.js gives the element its MediaSource itself.
          src={source.sourceKind === 'hls.js' ? undefined : src}
          controls
          preload="metadata"
          playsInline
          autoPlay={autoPlay}
          tabIndex={0}
          aria-keyshortcuts={ariaKeyShortcuts}
          onError={source.onError}
          onLoadedMetadata={(event) => prepare(event.currentTarget)}
          onRateChange={(event) => speed.follow(event.currentTarget.playbackRate)}
          onTimeUpdate={() => {
            position.keep(false);
            lines.events.onTimeUpdate();
          }}
          onPause={() => position.keep(true)}
          onPlay={lines.events.onPlay}
          onSeeked={() => {
            position.keep(true);
            lines.events.onSeeked();
          }}
          onEnded={() => {
            position.forget();
            onEnded?.();
          }}
        >
          {subtitles && <track kind="subtitles" src={subtitles.src} srcLang={subtitles.srcLang} label={subtitles.label} default={subtitleChoice.isOn} />}
        </video>

        <div className="lp-player__bar">
          <PlaybackSpeeds speed={speed.speed} onChoose={speed.choose} />
          {subtitleChoice.hasSubtitles && (
            <button type="button" className="lp-player__chip lp-player__subtitles" aria-pressed={subtitleChoice.isOn} onClick={subtitleChoice.toggle}>
              <span aria-hidden="true" className="lp-player__cc">
                CC
              </span>
              {t('video.subtitles')}
            </button>
          )}
          <QualityMenu quality={quality.quality} choices={quality.choices} labelOf={quality.labelOf} onChoose={quality.choose} />
          <KeysHelp />
        </div>

        {lines.hasLines && (
          <SentenceControls
            settings={lines.settings}
            onSettings={lines.changeSettings}
            onPrevious={lines.previous}
            onReplay={lines.replay}
            onNext={lines.next}
            stretch={lines.stretch}
            onMarkStart={() => lines.markStretch('start')}
            onMarkEnd={() => lines.markStretch('end')}
            onClearStretch={lines.clearStretch}
            isWaiting={lines.isWaiting}
            isDictating={dictation.isDictating}
            onDictation={dictation.toggle}
          />
        )}
        {position.resumedAt !== null && (
          <p className="lp-player__resumed">
            {t('video.resumed', { time: formatClock(position.resumedAt) })}{' '}
            <button type="button" className="lp-player__link" onClick={position.startOver}>
              {t('video.startOver')}
            </button>
          </p>
        )}
      </div>
      {hasSide && (
        <div className="lp-player__side">
          {dictation.current && (
            <DictationPanel
              line={dictation.current.line}
              score={dictation.current.score}
              onChecked={dictation.check}
              onReplay={lines.replay}
              onContinue={dictation.playOn}
              onSaveAgain={dictation.saveAgain}
            />
          )}
          {lines.hasLines && <SentenceList lines={lines.lines} current={lines.current} onChoose={lines.playLine} isTextHidden={dictation.isDictating} marks={dayWordMarks(words)} />}
          {words.length > 0 && <DayWordsList words={words} heard={lines.heardWords} />}
        </div>
      )}
      <p className="lp-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
