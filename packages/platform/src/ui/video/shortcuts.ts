// The player's keys, as in the common web players: what each does, decided apart from the DOM.

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'seek-to-fraction'; fraction: number }
  | { type: 'change-speed'; step: 1 | -1 }
  | { type: 'toggle-subtitles' }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' }
  | { type: 'previous-line' }
  | { type: 'replay-line' }
  | { type: 'next-line' }
  | { type: 'toggle-loop' }
  | { type: 'toggle-auto-pause' }
  | { type: 'mark-stretch'; point: 'start' | 'end' }
  | { type: 'clear-stretch' };

/** For the help list and aria-keyshortcuts. */
export const shortcutKeys = {
  playPause: ['Space', 'K'],
  back: ['←', 'J'],
  forward: ['→', 'L'],
  speed: ['<', '>'],
  subtitles: ['C'],
  mute: ['M'],
  fullscreen: ['F'],
  jump: ['0–9'],
  lines: [',', '.'],
  replay: ['R'],
  loop: ['O'],
  autoPause: ['P'],
  stretch: ['[', ']', '\\'],
} as const;

export const ariaKeyShortcuts = 'Space K J L ArrowLeft ArrowRight Shift+Comma Shift+Period C M F 0 1 2 3 4 5 6 7 8 9 Comma Period R O P BracketLeft BracketRight Backslash';

/**
 * The action of a key pressed inside the player, or null to leave the key alone. On a button or
 * link of the player, Space and Enter press it as usual; letters and arrows still work there.
 */
export function actionOf(key: string, { isOnControl }: { isOnControl: boolean }): PlayerAction | null {
  if (isOnControl && (key === ' ' || key === 'Enter')) return null;
  if (/^[0-9]$/.test(key)) return { type: 'seek-to-fraction', fraction: Number(key) / 10 };
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case ' ':
    case 'k':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -5 };
    case 'ArrowRight':
      return { type: 'seek-by', seconds: 5 };
    case 'j':
      return { type: 'seek-by', seconds: -10 };
    case 'l':
      return { type: 'seek-by', seconds: 10 };
    case '<':
      return { type: 'change-speed', step: -1 };
    case '>':
      return { type: 'change-speed', step: 1 };
    case 'c':
      return { type: 'toggle-subtitles' };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case ',':
      return { type: 'previous-line' };
    case '.':
      return { type: 'next-line' };
    case 'r':
      return { type: 'replay-line' };
    case 'o':
      return { type: 'toggle-loop' };
    case 'p':
      return { type: 'toggle-auto-pause' };
    case '[':
      return { type: 'mark-stretch', point: 'start' };
    case ']':
      return { type: 'mark-stretch', point: 'end' };
    case '\\':
      return { type: 'clear-stretch' };
    default:
      return null;
  }
}
