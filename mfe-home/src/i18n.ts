import { registerTranslations } from '@learning/platform';

registerTranslations('home', {
  mn: {
    home: {
      title: 'Англи хэлийг хамтдаа',
      lead: 'Видео хичээл, анхааралтай сонсох Monster plan хөтөлбөр, зайн сургалтын багцууд нэг дор.',
      monsterplanTitle: 'Monster plan',
      monsterplanBody: '1000 минутын анхааралтай сонсох хөтөлбөр: долоо хоног бүрийн видео хичээл, хадмал, үгсийн сан, шалгалт.',
      lessonsTitle: 'Зайн сургалт',
      lessonsBody: 'Лекцийн видео хичээлүүдийн багц.',
      open: 'Үзэх',
      workshop: 'Воркшопын танилцуулга',
    },
    workshop: { title: 'Воркшоп', body: 'Танилцуулга товхимол удахгүй энд хуудас хуудсаар харагдана.' },
  },
  en: {
    home: {
      title: 'English, together',
      lead: 'Video lessons, the Monster plan focused-listening programme and remote lesson bundles in one place.',
      monsterplanTitle: 'Monster plan',
      monsterplanBody: 'A 1000-minute focused-listening programme: weekly video lessons, subtitles, vocabulary and an exam.',
      lessonsTitle: 'Remote lesson',
      lessonsBody: 'Bundles of lecture videos.',
      open: 'Open',
      workshop: 'About the workshop',
    },
    workshop: { title: 'Workshop', body: 'The workshop brochure will be shown here page by page.' },
  },
});
