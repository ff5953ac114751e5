import { registerTranslations } from '@learning/platform';

registerTranslations('lessons', {
  mn: {
    list: { title: 'Зайн сургалт', placeholder: 'Багц хичээлүүд болон танилцуулга товхимол удахгүй энд харагдана.' },
    detail: { title: 'Зайн сургалт', placeholder: 'Хичээлийн видео болон жагсаалт удахгүй энд нээгдэнэ.', back: 'Бүх багц' },
  },
  en: {
    list: { title: 'Remote lesson', placeholder: 'The lesson bundles and the brochures will be here soon.' },
    detail: { title: 'Remote lesson', placeholder: 'The lesson video and playlist will open here soon.', back: 'All bundles' },
  },
});
