// The translator in a component: `t` in the screen's namespace, rendered again when the language changes.
import { useMemo, useSyncExternalStore } from 'react';
import { i18n, translate, type Language, type Translate } from './index';

const currentLanguage = (): Language => i18n.language;

export function useTranslation(namespace = 'common'): { t: Translate; i18n: typeof i18n } {
  const language = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  // A new `t` for each language, so that effects and memos that use it run again.
  const t = useMemo<Translate>(() => (key, options) => translate(language, options?.ns ?? namespace, key, options), [language, namespace]);
  return { t, i18n };
}
