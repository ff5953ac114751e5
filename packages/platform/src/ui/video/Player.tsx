// The player itself, loaded only when a page shows a video (VideoPlayer.tsx): the browser's own
// controls, plus the speeds of spec section 9 (0.7, 1, 1.5, 2), subtitles on and off, keyboard
// control, resuming where the learner stopped (the server's position, else playback-memory.ts), and
// the listening reports of a plan's or bundle's video (listening.ts). An HLS ladder plays through
// hls.js where the browser runs it, with a quality menu (hls-source.ts). With subtitles, focused
// listening: the lines beside the video, sentence by sentence, loop and auto-pause
// (useFocusedListening.ts), and finer slow speeds in a menu.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useListeningReports } from '../../listening';
import { useSaveDictation } from './dictation-report';
import { LoadError } from '../feedback';
import type { VideoPlayerProps } from '../VideoPlayer';
import { autoQuality, audioQuality, browserHlsSupport, chooseSource, loadHls, playHls, type HlsSession, type Quality } from './hls-source';
import './listening-player.css';
import { DayWordsList } from './DayWordsList';
import { DictationPanel, type DictationScore } from './DictationPanel';
import type { DictationResult } from './dictation';
import type { Line } from './lines';
import { SentenceControls } from './SentenceControls';
import { SentenceList } from './SentenceList';
import { useFocusedListening } from './useFocusedListening';
import { markedPieces, wordsInLine } from './word-marks';
import {
  allSpeeds,
  forgetPosition,
  formatClock,
  playbackSpeeds,
  slowSpeeds,
  preferredQuality,
  preferredSpeed,
  prefersSubtitles,
  rememberPosition,
  rememberQuality,
  rememberSpeed,
  rememberSubtitles,
  resumePosition,
  worthResuming,
  type PlaybackSpeed,
} from './playback-memory';
import { actionOf, ariaKeyShortcuts, shortcutKeys, type PlayerAction } from './shortcuts';
import { registerPlayerStrings } from './strings';

registerPlayerStrings();

/** How far playback moves before its position is written again (seconds). */
const positionStep = 1;

export default function Player({ src, subtitles, onRetry, resumeKey, startAt, listening, onListeningReported, onDictationChecked, words = [], autoPlay = false, onEnded, className, label }: VideoPlayerProps) {
  const { t } = useTranslation('common');
  const video = useRef<HTMLVideoElement>(null);
  const savedAt = useRef(-Infinity);
  const prepared = useRef<string | null>(null);
  const prepareLatest = useRef<(element: HTMLVideoElement) => void>(() => undefined);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [speed, setSpeed] = useState<PlaybackSpeed>(preferredSpeed);
  const [isSubtitlesOn, setSubtitlesOn] = useState(prefersSubtitles);
  // Where this address resumed, if it did; a new address starts with nothing resumed.
  const [resumed, setResumed] = useState<{ src: string; at: number } | null>(null);
  const resumedAt = resumed?.src === src ? resumed.at : null;
  const [announcement, setAnnouncement] = useState('');
  const hasSubtitles = !!subtitles;
  useListeningReports(video, src, listening, onListeningReported);
  // Dictation, for this address: the line waiting for an answer, and the video's score so far.
  const [dictation, setDictation] = useState<{ src: string; line: Line | null; score: DictationScore } | null>(null);
  const isDictating = dictation?.src === src;
  const focused = useFocusedListening(video, src, subtitles?.src ?? null, {
    isDictating,
    onAutoPause: (line) => setDictation((current) => (current?.src === src && line ? { ...current, line } : current)),
  });
  const hasLines = focused.lines.length > 0;
  const currentText = focused.current && !isDictating ? focused.current.text : '';
  const heardWords = useMemo(() => wordsInLine(words, currentText), [words, currentText]);
  const savedDictation = useSaveDictation();
  // The score whose latest save failed, offered to be sent again.
  const unsavedDictation = savedDictation.isError ? savedDictation.variables : undefined;
  const toggleDictation = () => {
    setDictation(isDictating ? null : { src, line: null, score: { lines: 0, correctWords: 0, totalWords: 0 } });
    savedDictation.reset();
    setAnnouncement(`${t('video.dictation')}: ${isDictating ? t('video.off') : t('video.on')}`);
  };
  const checkDictation = (line: Line, result: DictationResult) => {
    if (!dictation) return;
    const score = { lines: dictation.score.lines + 1, correctWords: dictation.score.correctWords + result.correctWords, totalWords: dictation.score.totalWords + result.totalWords };
    setDictation({ ...dictation, score });
    // Kept with the learner's progress; a failed save is carried by the next line's, which holds it.
    if (listening) savedDictation.mutate({ target: listening, score });
    onDictationChecked?.({ ...score, line: line.index });
  };
  const continueDictation = () => {
    setDictation((current) => (current ? { ...current, line: null } : current));
    const element = video.current;
    if (element?.paused) void element.play()?.catch(() => undefined);
    element?.focus();
  };

  // An HLS playlist through hls.js (its chunk loaded now, not before), natively, or a file as it is.
  const sourceKind = useMemo(() => chooseSource(src, browserHlsSupport()), [src]);
  const hlsSession = useRef<HlsSession | null>(null);
  const [quality, setQuality] = useState<Quality>(preferredQuality);
  // The quality menu's choices for this address, once hls.js has read its ladder.
  const [qualities, setQualities] = useState<{ src: string; choices: Quality[] } | null>(null);
  const qualityChoices = qualities?.src === src ? qualities.choices : [];
  const startingQuality = useRef(quality);
  useEffect(() => {
    startingQuality.current = quality;
  });
  // A failed address shows the error instead of its <video>; tried again, it starts anew.
  const isFailed = failedSrc === src;
  useEffect(() => {
    const element = video.current;
    if (!element || sourceKind !== 'hls.js' || isFailed) return;
    let isCurrent = true;
    loadHls().then(
      (Hls) => {
        if (!isCurrent) return;
        if (!Hls.isSupported()) {
          if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = src;
          else setFailedSrc(src);
          return;
        }
        hlsSession.current = playHls(Hls, element, src, {
          quality: startingQuality.current,
          onChoices: (choices, inForce) => {
            if (!isCurrent) return;
            setQualities({ src, choices });
            setQuality(inForce);
          },
          onFatal: () => isCurrent && setFailedSrc(src),
        });
      },
      () => isCurrent && setFailedSrc(src),
    );
    return () => {
      isCurrent = false;
      hlsSession.current?.destroy();
      hlsSession.current = null;
    };
  }, [src, sourceKind, isFailed]);

  const qualityLabel = (choice: Quality) => (choice === autoQuality ? t('video.qualityAuto') : choice === audioQuality ? t('video.qualityAudio') : choice);
  const chooseQuality = (next: Quality) => {
    setQuality(next);
    rememberQuality(next);
    hlsSession.current?.choose(next);
    setAnnouncement(t('video.qualityChanged', { quality: qualityLabel(next) }));
  };

  // The last position is kept when the learner leaves the page or the player goes.
  useEffect(() => {
    const element = video.current;
    if (!element || !resumeKey) return;
    const keep = () => {
      if (!element.ended && element.currentTime > 0) rememberPosition(resumeKey, element.currentTime);
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [src, resumeKey]);

  // Subtitles shown or hidden through the text tracks, and kept in step when the browser's own
  // captions menu changes them.
  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks || !hasSubtitles) return;
    showSubtitles(tracks, isSubtitlesOn && !isDictating);
    const follow = () => {
      const isShowing = subtitleTracks(tracks).some((track) => track.mode === 'showing');
      if (!isDictating && isShowing !== isSubtitlesOn) setSubtitlesOn(isShowing);
    };
    tracks.addEventListener?.('change', follow);
    return () => tracks.removeEventListener?.('change', follow);
  }, [isSubtitlesOn, hasSubtitles, src, isDictating]);

  const chooseSpeed = (next: PlaybackSpeed) => {
    setSpeed(next);
    rememberSpeed(next);
    if (video.current) {
      video.current.playbackRate = next;
      video.current.defaultPlaybackRate = next;
    }
    setAnnouncement(t('video.speedChanged', { speed: next }));
  };

  const toggleSubtitles = () => {
    const next = !isSubtitlesOn;
    setSubtitlesOn(next);
    rememberSubtitles(next);
    setAnnouncement(next ? t('video.subtitlesOn') : t('video.subtitlesOff'));
  };

  const act = (action: PlayerAction, element: HTMLVideoElement) => {
    switch (action.type) {
      case 'toggle-play':
        if (element.paused) void element.play()?.catch(() => undefined);
        else element.pause();
        return;
      case 'seek-by':
        element.currentTime = clamp(element.currentTime + action.seconds, element.duration);
        return;
      case 'seek-to-fraction':
        if (Number.isFinite(element.duration)) element.currentTime = element.duration * action.fraction;
        return;
      case 'change-speed': {
        const next = allSpeeds[allSpeeds.indexOf(speed) + action.step];
        if (next !== undefined) chooseSpeed(next);
        return;
      }
      case 'toggle-subtitles':
        if (hasSubtitles) toggleSubtitles();
        return;
      case 'toggle-mute':
        element.muted = !element.muted;
        setAnnouncement(element.muted ? t('video.muted') : t('video.unmuted'));
        return;
      case 'toggle-fullscreen':
        if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
        else void element.requestFullscreen?.().catch(() => undefined);
        return;
      case 'previous-line':
        return focused.previous();
      case 'replay-line':
        return focused.replay();
      case 'next-line':
        return focused.next();
      case 'toggle-loop':
        if (hasLines) changeListening({ isLooping: !focused.settings.isLooping });
        return;
      case 'toggle-auto-pause':
        if (hasLines) changeListening({ isAutoPausing: !focused.settings.isAutoPausing });
        return;
      case 'mark-stretch':
        return markStretch(action.point);
      case 'clear-stretch':
        return clearStretch();
    }
  };

  const changeListening = (change: Parameters<typeof focused.changeSettings>[0]) => {
    focused.changeSettings(change);
    if (change.isLooping !== undefined) setAnnouncement(`${t('video.loopLine')}: ${change.isLooping ? t('video.on') : t('video.off')}`);
    if (change.isAutoPausing !== undefined) setAnnouncement(`${t('video.autoPause')}: ${change.isAutoPausing ? t('video.on') : t('video.off')}`);
  };
  const markStretch = (point: 'start' | 'end') => {
    const next = focused.markStretch(point);
    if (next.start !== null && next.end !== null) setAnnouncement(t('video.stretchSet', { from: formatClock(next.start), to: formatClock(next.end) }));
  };
  const clearStretch = () => {
    focused.clearStretch();
    setAnnouncement(t('video.stretchCleared'));
  };

  /** What a key pressed inside the player does, or null when the player leaves it to the page. */
  const actionOfKey = (event: KeyboardEvent<HTMLDivElement>): PlayerAction | null => {
    const element = video.current;
    if (!element || event.altKey || event.ctrlKey || event.metaKey) return null;
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, summary')) return null;
    return actionOf(event.key, { isOnControl: target !== element && !!target.closest('button, a') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = actionOfKey(event);
    if (!action || !video.current) return;
    // Also keeps the browser's own keydown handling of a focused <video> from acting a second time.
    event.preventDefault();
    act(action, video.current);
  };
  // One press, one action: a focused <video>'s own controls answer Space's keyup too, which the
  // keydown's preventDefault does not stop (Chromium plays or pauses then, so Space toggled twice).
  // The keyup of a key the player acts on is cancelled on its way down, before it reaches the <video>.
  const onKeyUpCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (actionOfKey(event)) event.preventDefault();
  };

  /**
   * Once per address, when its metadata is known: the speed chosen, the subtitles as chosen, and the
   * position where the learner stopped (the server's when given, else this browser's). From the event, or from the effect below when a fast (cached)
   * load reported it before the element was in the page.
   */
  const prepare = (element: HTMLVideoElement) => {
    if (prepared.current === src) return;
    prepared.current = src;
    savedAt.current = -Infinity;
    // The rate first: a ratechange that reports the old rate would undo the learner's choice.
    element.playbackRate = speed;
    element.defaultPlaybackRate = speed;
    if (element.textTracks && hasSubtitles) showSubtitles(element.textTracks, isSubtitlesOn);
    const position = typeof startAt === 'number' ? worthResuming(startAt, element.duration) : resumeKey ? resumePosition(resumeKey, element.duration) : null;
    if (position !== null) {
      element.currentTime = position;
      setResumed({ src, at: position });
    }
  };
  useEffect(() => {
    prepareLatest.current = prepare;
  });
  useEffect(() => {
    const element = video.current;
    if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA) prepareLatest.current(element);
  }, [src]);

  const keepPosition = (force: boolean) => {
    const element = video.current;
    if (!element || !resumeKey || element.ended) return;
    if (!force && Math.abs(element.currentTime - savedAt.current) < positionStep) return;
    savedAt.current = element.currentTime;
    rememberPosition(resumeKey, element.currentTime);
  };

  const startOver = () => {
    if (video.current) video.current.currentTime = 0;
    if (resumeKey) forgetPosition(resumeKey);
    setResumed(null);
    video.current?.focus();
  };

  if (isFailed || sourceKind === 'unplayable') {
    return (
      <LoadError
        title={t('videoError')}
        onRetry={() => {
          setFailedSrc(null);
          onRetry();
        }}
      />
    );
  }

  return (
    <div className={['lp-player', (hasLines || words.length > 0) && 'lp-player--lines', className].filter(Boolean).join(' ')} role="group" aria-label={label ?? t('video.player')} onKeyDown={onKeyDown} onKeyUpCapture={onKeyUpCapture}>
      <div className="lp-player__main">
      <video
        ref={video}
        // Keyed by address: a new video remounts, so the old one stops and its track goes.
        key={src}
        className="lp-video"
        // hls.js gives the element its MediaSource itself.
        src={sourceKind === 'hls.js' ? undefined : src}
        controls
        preload="metadata"
        playsInline
        autoPlay={autoPlay}
        tabIndex={0}
        aria-keyshortcuts={ariaKeyShortcuts}
        // With hls.js, its own errors say what failed, and a media error is recovered from first.
        onError={() => sourceKind !== 'hls.js' && setFailedSrc(src)}
        onLoadedMetadata={(event) => prepare(event.currentTarget)}
        onRateChange={(event) => {
          // The browser's own menu may change the speed too; one of ours is kept in step with it.
          const rate = event.currentTarget.playbackRate;
          const known = allSpeeds.find((candidate) => candidate === rate);
          if (known !== undefined && known !== speed) setSpeed(known);
        }}
        onTimeUpdate={() => {
          keepPosition(false);
          focused.events.onTimeUpdate();
        }}
        onPause={() => keepPosition(true)}
        onPlay={focused.events.onPlay}
        onSeeked={() => {
          keepPosition(true);
          focused.events.onSeeked();
        }}
        onEnded={() => {
          if (resumeKey) forgetPosition(resumeKey);
          onEnded?.();
        }}
      >
        {subtitles && <track kind="subtitles" src={subtitles.src} srcLang={subtitles.srcLang} label={subtitles.label} default={isSubtitlesOn} />}
      </video>

      <div className="lp-player__bar">
        <div className="lp-player__speeds" role="group" aria-label={t('video.speed')}>
          <span className="lp-player__bar-label" aria-hidden="true">
            {t('video.speed')}
          </span>
          {playbackSpeeds.map((option) => (
            <button
              key={option}
              type="button"
              className="lp-player__chip"
              aria-pressed={option === speed}
              aria-label={t('video.speedValueLabel', { speed: option })}
              onClick={() => chooseSpeed(option)}
            >
              {t('video.speedValue', { speed: option })}
            </button>
          ))}
          <select
            className="lp-player__select lp-player__slow"
            aria-label={t('video.slowSpeeds')}
            value={slowSpeeds.some((slow) => slow === speed) ? String(speed) : ''}
            onChange={(event) => {
              const chosen = allSpeeds.find((option) => String(option) === event.target.value);
              if (chosen !== undefined) chooseSpeed(chosen);
            }}
          >
            <option value="" disabled>
              {t('video.slowSpeedsPlaceholder')}
            </option>
            {slowSpeeds.map((option) => (
              <option key={option} value={String(option)}>
                {t('video.speedValue', { speed: option })}
              </option>
            ))}
          </select>
        </div>
        {hasSubtitles && (
          <button type="button" className="lp-player__chip lp-player__subtitles" aria-pressed={isSubtitlesOn} onClick={toggleSubtitles}>
            <span aria-hidden="true" className="lp-player__cc">
              CC
            </span>
            {t('video.subtitles')}
          </button>
        )}
        {qualityChoices.length > 2 && (
          <label className="lp-player__quality">
            <span className="lp-player__bar-label">{t('video.quality')}</span>
            <select className="lp-player__select" value={quality} onChange={(event) => chooseQuality(event.target.value)}>
              {qualityChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {qualityLabel(choice)}
                </option>
              ))}
            </select>
          </label>
        )}
        <details className="lp-player__keys">
          <summary>{t('video.keys')}</summary>
          <dl>
            {(Object.keys(shortcutKeys) as Array<keyof typeof shortcutKeys>).map((name) => (
              <div key={name}>
                <dt>
                  {shortcutKeys[name].map((key) => (
                    <kbd key={key}>{key}</kbd>
                  ))}
                </dt>
                <dd>{t(`video.key.${name}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>

      {hasLines && (
        <SentenceControls
          settings={focused.settings}
          onSettings={changeListening}
          onPrevious={focused.previous}
          onReplay={focused.replay}
          onNext={focused.next}
          stretch={focused.stretch}
          onMarkStart={() => markStretch('start')}
          onMarkEnd={() => markStretch('end')}
          onClearStretch={clearStretch}
          isWaiting={focused.isWaiting}
          isDictating={isDictating}
          onDictation={toggleDictation}
        />
      )}
      {resumedAt !== null && (
        <p className="lp-player__resumed">
          {t('video.resumed', { time: formatClock(resumedAt) })}{' '}
          <button type="button" className="lp-player__link" onClick={startOver}>
            {t('video.startOver')}
          </button>
        </p>
      )}
      </div>
      {(hasLines || words.length > 0) && (
        <div className="lp-player__side">
          {isDictating && dictation && (
            <DictationPanel
              line={dictation.line}
              score={dictation.score}
              onChecked={checkDictation}
              onReplay={focused.replay}
              onContinue={continueDictation}
              onSaveAgain={unsavedDictation ? () => savedDictation.mutate(unsavedDictation) : null}
            />
          )}
          {hasLines && (
            <SentenceList
              lines={focused.lines}
              current={focused.current}
              onChoose={focused.playLine}
              isTextHidden={isDictating}
              marks={
                words.length > 0
                  ? (text) =>
                      markedPieces(text, words).map((piece, index) =>
                        piece.isMarked ? (
                          <mark key={index} className="lp-lines__mark">
                            {piece.text}
                          </mark>
                        ) : (
                          piece.text
                        ),
                      )
                  : undefined
              }
            />
          )}
          {words.length > 0 && <DayWordsList words={words} heard={heardWords} />}
        </div>
      )}
      <p className="lp-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function subtitleTracks(tracks: TextTrackList): TextTrack[] {
  return Array.from(tracks).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
}

function showSubtitles(tracks: TextTrackList, isOn: boolean): void {
  for (const track of subtitleTracks(tracks)) {
    const mode = isOn ? 'showing' : 'hidden';
    if (track.mode !== mode) track.mode = mode;
  }
}

function clamp(seconds: number, duration: number): number {
  return Math.max(0, Number.isFinite(duration) ? Math.min(seconds, duration) : seconds);
}
