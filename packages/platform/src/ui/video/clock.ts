// A moment of a video as the learner reads it, apart from the player so any page may show one
// (the platform's index exports it) without taking the player's memory along.

/** 83.4 → "1:23", 3725 → "1:02:05". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
