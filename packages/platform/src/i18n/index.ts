// One translator for the shell and every remote: Mongolian first (the spec's texts verbatim),
// English second. Each remote adds its own namespace with registerTranslations. The strings keep
// i18next's format (nested keys, {{value}} interpolation, plural keys `_one`/`_other` chosen by
// Intl.PluralRules, context keys `_<context>`), the part of i18next the front-ends used: i18next with
// react-i18next weighed many times this module in a first visit (bench/bundle; docs/benchmarks.md).
import { common } from './common';

export const languages = ['mn', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'mn';

/** The strings of one namespace in one language: a text, or a group of them by key. */
export interface Strings {
  [key: string]: string | Strings;
}

/** The strings of one screen family, in every language; added once, when its module loads. */
export type Translations = Record<Language, Strings>;

/** `ns` picks another namespace, `count` the plural form, `context` a variant; every other value fills its {{name}}. */
export type TranslateOptions = { ns?: string; count?: number; context?: string } & Record<string, unknown>;
export type Translate = (key: string, options?: TranslateOptions) => string;

const languageKey = 'language';
const strings = new Map<string, Strings>();
const plurals = new Map<Language, Intl.PluralRules>();
const listeners = new Set<() => void>();
let current: Language = storedLanguage();

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(languageKey);
    return languages.find((language) => language === stored) ?? defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/** The text of `namespace:key` in `language`, else in Mongolian, else the key itself (as i18next answers). */
export function translate(language: Language, namespace: string, key: string, options?: TranslateOptions): string {
  for (const candidate of language === defaultLanguage ? [language] : [language, defaultLanguage]) {
    const texts = strings.get(`${candidate}:${namespace}`);
    if (!texts) continue;
    for (const variant of variantsOf(key, candidate, options)) {
      const text = lookUp(texts, variant);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return key;
}

/** The keys to try, most specific first, as i18next does: key_context_plural, key_context, key_plural, key. */
function variantsOf(key: string, language: Language, options: TranslateOptions | undefined): string[] {
  const plural = typeof options?.count === 'number' ? `_${pluralRules(language).select(options.count)}` : undefined;
  const withContext = options?.context ? [`${key}_${options.context}`] : [];
  return [...withContext, key].flatMap((base) => (plural ? [base + plural, base] : [base]));
}

function lookUp(texts: Strings, key: string): string | undefined {
  let found: string | Strings | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof found !== 'object') return undefined;
    found = found[part];
  }
  return typeof found === 'string' ? found : undefined;
}

/** A value that is not given leaves its {{name}} as it is, as i18next does. */
function interpolate(text: string, values: TranslateOptions | undefined): string {
  return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name]))) : text;
}

function pluralRules(language: Language): Intl.PluralRules {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    plurals.set(language, rules);
  }
  return rules;
}

/** The shared translator: its language, `t` for code outside components, and the language change. */
export const i18n = {
  get language(): Language {
    return current;
  },
  t(key: string, options?: TranslateOptions): string {
    return translate(current, options?.ns ?? 'common', key, options);
  },
  async changeLanguage(language: Language): Promise<void> {
    if (language === current) return;
    current = language;
    setDocumentLanguage(language);
    for (const listener of listeners) listener();
  },
  /** Calls `listener` after each change of language; returns how to stop. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function registerTranslations(namespace: string, translations: Translations): void {
  for (const language of languages) {
    strings.set(`${language}:${namespace}`, deepMerge(strings.get(`${language}:${namespace}`) ?? {}, translations[language]));
  }
}

function deepMerge(into: Strings, from: Strings): Strings {
  const merged: Strings = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return merged;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    // Storage refused: the choice lasts until the page is closed.
  }
  await i18n.changeLanguage(language);
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

registerTranslations('common', common);
setDocumentLanguage(current);
