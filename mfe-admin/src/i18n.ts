import { registerTranslations } from '@learning/platform';

registerTranslations('admin', {
  mn: {
    panel: { title: 'Админ', label: 'Админы хэсгүүд' },
    lessons: { title: 'Багц хичээл', placeholder: 'Багц хичээл үүсгэх, засах, устгах хэсэг удахгүй энд нээгдэнэ.' },
    lessonRequests: { title: 'Багц хичээлийн хүсэлтүүд', placeholder: 'Хүсэлтүүдийг батлах, цуцлах хэсэг удахгүй энд нээгдэнэ.' },
    monsterplans: { title: 'Monster plan', placeholder: 'Monster plan удирдах хэсэг удахгүй энд нээгдэнэ.' },
    monsterplanRequests: { title: 'Monster plan хүсэлтүүд', placeholder: 'Хүсэлтүүдийг батлах, цуцлах хэсэг удахгүй энд нээгдэнэ.' },
    users: { title: 'Хэрэглэгчид', placeholder: 'Хэрэглэгчдийн жагсаалт удахгүй энд харагдана.' },
    videos: { title: 'Видео', placeholder: 'Видео хуулах, нийтлэх хэсэг удахгүй энд нээгдэнэ.' },
  },
  en: {
    panel: { title: 'Administrator', label: 'Administrator sections' },
    lessons: { title: 'Lesson bundles', placeholder: 'Creating, editing and deleting bundles will open here soon.' },
    lessonRequests: { title: 'Lesson requests', placeholder: 'Approving and cancelling requests will open here soon.' },
    monsterplans: { title: 'Monster plan', placeholder: 'Managing the Monster plans will open here soon.' },
    monsterplanRequests: { title: 'Monster plan requests', placeholder: 'Approving and cancelling requests will open here soon.' },
    users: { title: 'Users', placeholder: 'The user list will be here soon.' },
    videos: { title: 'Videos', placeholder: 'Uploading and publishing videos will open here soon.' },
  },
});
