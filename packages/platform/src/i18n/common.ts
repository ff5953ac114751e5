// Strings the platform itself shows (errors, loading, retry).
export const common = {
  mn: {
    error: { fallback: 'Алдаа' },
    loading: 'Ачаалж байна…',
    retry: 'Дахин оролдох',
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
    remoteError: {
      title: 'This section could not be loaded.',
      description: 'Something went wrong for a moment. The rest of the site keeps working. Please try again.',
    },
    authCheckError: 'Could not check your sign-in.',
    siteName: 'Learning platform',
  },
};
