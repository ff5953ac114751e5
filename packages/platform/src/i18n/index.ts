// One i18next instance for the shell and every remote: Mongolian first (the spec's texts verbatim),
// English second. Each remote adds its own namespace with registerTranslations.
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common';

export const languages = ['mn', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'mn';

const languageKey = 'language';

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(languageKey);
    return languages.find((language) => language === stored) ?? defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  ns: ['common'],
  defaultNS: 'common',
  resources: { mn: { common: common.mn }, en: { common: common.en } },
  interpolation: { escapeValue: false },
  // Resources are inline, so init completes synchronously and the first render is translated.
  initAsync: false,
});

setDocumentLanguage(i18n.language);
i18n.on('languageChanged', setDocumentLanguage);

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The strings of one screen family, in every language; added once, when its module loads. */
export type Translations = Record<Language, Resource[string][string]>;

export function registerTranslations(namespace: string, translations: Translations): void {
  for (const language of languages) {
    i18n.addResourceBundle(language, namespace, translations[language], true, true);
  }
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    // Storage refused: the choice lasts until the page is closed.
  }
  await i18n.changeLanguage(language);
}
