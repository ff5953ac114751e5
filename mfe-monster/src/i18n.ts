import { registerTranslations } from '@learning/platform';

registerTranslations('monster', {
  mn: {
    list: { title: 'Monster plan', placeholder: 'Monster plan хөтөлбөрүүд удахгүй энд харагдана.' },
    detail: { title: 'Monster plan', placeholder: 'Хөтөлбөрийн видео болон долоо хоног, өдрийн жагсаалт удахгүй энд харагдана.', back: 'Бүх хөтөлбөр' },
    exam: { title: 'Шалгалт', placeholder: 'Үгсийн сангийн шалгалт удахгүй энд нээгдэнэ.' },
  },
  en: {
    list: { title: 'Monster plan', placeholder: 'The Monster plans will be listed here soon.' },
    detail: { title: 'Monster plan', placeholder: 'The plan player and its week and day list will be here soon.', back: 'All plans' },
    exam: { title: 'Exam', placeholder: 'The vocabulary exam will open here soon.' },
  },
});
