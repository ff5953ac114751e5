// The keys pressed inside the player: what each means is shortcuts.ts's; this does it, on the
// <video> itself or through the player's speed, subtitles and lines, and leaves other keys to the page.
import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { actionOf, type PlayerAction } from './shortcuts';
import type { useListeningLines } from './useListeningLines';
import type { usePlaybackSpeed } from './usePlaybackSpeed';
import type { useSubtitles } from './useSubtitles';

export interface PlayerKeysControls {
  speed: Pick<ReturnType<typeof usePlaybackSpeed>, 'step'>;
  subtitles: Pick<ReturnType<typeof useSubtitles>, 'hasSubtitles' | 'toggle'>;
  lines: Pick<ReturnType<typeof useListeningLines>, 'hasLines' | 'settings' | 'changeSettings' | 'previous' | 'replay' | 'next' | 'markStretch' | 'clearStretch'>;
  announce: (text: string) => void;
}

export function usePlayerKeys(video: RefObject<HTMLVideoElement | null>, { speed, subtitles, lines, announce }: PlayerKeysControls) {
  const { t } = useTranslation('common');

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
      case 'change-speed':
        return speed.step(action.step);
      case 'toggle-subtitles':
        if (subtitles.hasSubtitles) subtitles.toggle();
        return;
      case 'toggle-mute':
        element.muted = !element.muted;
        announce(element.muted ? t('video.muted') : t('video.unmuted'));
        return;
      case 'toggle-fullscreen':
        if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
        else void element.requestFullscreen?.().catch(() => undefined);
        return;
      case 'previous-line':
        return lines.previous();
      case 'replay-line':
        return lines.replay();
      case 'next-line':
        return lines.next();
      case 'toggle-loop':
        if (lines.hasLines) lines.changeSettings({ isLooping: !lines.settings.isLooping });
        return;
      case 'toggle-auto-pause':
        if (lines.hasLines) lines.changeSettings({ isAutoPausing: !lines.settings.isAutoPausing });
        return;
      case 'mark-stretch':
        return lines.markStretch(action.point);
      case 'clear-stretch':
        return lines.clearStretch();
    }
  };

  /** What a key pressed inside the player does, or null when the player leaves it to the page. */
  const actionOfKey = (event: KeyboardEvent<HTMLDivElement>): PlayerAction | null => {
    const element = video.current;
    if (!element || event.altKey || event.ctrlKey || event.metaKey) return null;
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, summary')) return null;
    return actionOf(event.key, { isOnControl: target !== element && !!target.closest('button, a') });
  };

  return {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const action = actionOfKey(event);
      if (!action || !video.current) return;
      // Also keeps the browser's own keydown handling of a focused <video> from acting a second time.
      event.preventDefault();
      act(action, video.current);
    },
    // One press, one action: a focused <video>'s own controls answer Space's keyup too, which the
    // keydown's preventDefault does not stop (Chromium would play or pause a second time). The keyup
    // of a key the player acts on is cancelled on its way down, before it reaches the <video>.
    onKeyUpCapture: (event: KeyboardEvent<HTMLDivElement>) => {
      if (actionOfKey(event)) event.preventDefault();
    },
  };
}

function clamp(seconds: number, duration: number): number {
  return Math.max(0, Number.isFinite(duration) ? Math.min(seconds, duration) : seconds);
}
