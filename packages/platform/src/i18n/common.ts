// Strings the platform itself shows (errors, loading, retry).
export const common = {
  mn: {
    error: { fallback: 'Алдаа' },
    loading: 'Ачаалж байна…',
    retry: 'Дахин оролдох',
    close: 'Хаах',
    videoError: 'Видеог ачаалж чадсангүй.',
    access: { pending: 'Хүсэлт хүлээгдэж байна', approved: 'Эрх нээгдсэн' },
    remoteError: {
      title: 'Энэ хэсгийг ачаалж чадсангүй.',
      description: 'Түр саатал гарлаа. Сайтын бусад хэсэг хэвийн ажиллаж байна. Дахин оролдоно уу.',
    },
    authCheckError: 'Нэвтрэлтийг шалгаж чадсангүй.',
    siteName: 'Сургалтын платформ',
  },
  en: {
    error: { fallback: 'Error' },
    loading: 'Loading…',
    retry: 'Try again',
    close: 'Close',
    videoError: 'The video could not be loaded.',
    access: { pending: 'Request pending', approved: 'Approved' },
    remoteError: {
      title: 'This section could not be loaded.',
      description: 'Something went wrong for a moment. The rest of the site keeps working. Please try again.',
    },
    authCheckError: 'Could not check your sign-in.',
    siteName: 'Learning platform',
  },
};
