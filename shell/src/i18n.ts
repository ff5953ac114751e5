// The strings of the shell's layout and of the pages it renders at once (menu, help, 401, 404);
// the screens it loads on demand bring theirs (screens/strings.ts). Texts quoted by the spec
// (UNAUTHORIZED, 404) are verbatim in both languages.
import { registerTranslations } from '@learning/platform';

export const shellTranslations = {
  mn: {
    nav: {
      label: 'Үндсэн цэс',
      open: 'Цэс нээх',
      close: 'Цэс хаах',
      skipToContent: 'Үндсэн агуулга руу очих',
      home: 'Нүүр',
      monsterplan: 'Monster plan',
      lessons: 'Зайн сургалт',
      workshop: 'Воркшоп',
      notifications: 'Мэдэгдэл',
      notificationsNeedSignIn: 'Нэвтэрсний дараа нээгдэнэ',
      unread_one: '{{count}} уншаагүй мэдэгдэл',
      unread_other: '{{count}} уншаагүй мэдэгдэл',
      help: 'Тусламж',
      settings: 'Миний бүртгэл',
      learning: 'Миний хичээлүүд',
      administrator: 'Админ',
      adminLessons: 'Зайн сургалт',
      adminMonsterplans: 'Monster plan',
      adminVideos: 'Видео',
      signIn: 'Нэвтрэх',
      register: 'Бүртгүүлэх',
      signOut: 'Гарах',
      language: 'Хэл',
    },
    status: {
      unauthorized: 'UNAUTHORIZED',
      unauthorizedBody: 'Энэ хуудсыг үзэх эрх танд алга.',
      notFound: '404',
      notFoundBody: 'Хуудас олдсонгүй.',
      backHome: 'Нүүр хуудас руу буцах',
    },
    help: {
      title: 'Тусламж',
      body: 'Асуулт гарвал сургалтын төвийнхөө багштай холбогдоорой.',
    },
  },
  en: {
    nav: {
      label: 'Main menu',
      open: 'Open menu',
      close: 'Close menu',
      skipToContent: 'Skip to content',
      home: 'Home',
      monsterplan: 'Monster plan',
      lessons: 'Remote lesson',
      workshop: 'Workshop',
      notifications: 'Notifications',
      notificationsNeedSignIn: 'Available after sign-in',
      unread_one: '{{count}} unread notification',
      unread_other: '{{count}} unread notifications',
      help: 'Help',
      settings: 'My account',
      learning: 'My lessons',
      administrator: 'Administrator',
      adminLessons: 'Remote lesson',
      adminMonsterplans: 'Monster plan',
      adminVideos: 'Videos',
      signIn: 'Sign in',
      register: 'Register',
      signOut: 'Sign out',
      language: 'Language',
    },
    status: {
      unauthorized: 'UNAUTHORIZED',
      unauthorizedBody: 'You are not allowed to see this page.',
      notFound: '404',
      notFoundBody: 'Page not found.',
      backHome: 'Back to the home page',
    },
    help: {
      title: 'Help',
      body: 'If you have a question, contact your teacher at the training centre.',
    },
  },
};

registerTranslations('shell', shellTranslations);
