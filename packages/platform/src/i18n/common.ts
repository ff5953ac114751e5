// Strings the platform itself shows (errors, loading, retry).
export const common = {
  mn: {
    error: { fallback: 'Алдаа' },
    loading: 'Ачаалж байна…',
    retry: 'Дахин оролдох',
    close: 'Хаах',
    videoError: 'Видеог ачаалж чадсангүй.',
    access: { pending: 'Хүсэлт хүлээгдэж байна', approved: 'Эрх нээгдсэн' },
    payment: {
      requested: 'Хүсэлт илгээгдлээ.',
      title: 'Төлбөр төлөх заавар',
      amount: 'Төлөх дүн',
      regularPrice: 'Үндсэн үнэ',
      earlyUntil: '(эрт бүртгэлийн үнэ, {{date}} хүртэл)',
      atCentre: 'Төлбөрөө сургалтын төвд биечлэн төлнө үү.',
      approval: 'Сургалтын төв төлбөрийг шалгасны дараа хүсэлтийг зөвшөөрнө, ихэвчлэн нэг ажлын өдрийн дотор. Зөвшөөрөхөд танд мэдэгдэл ирнэ.',
      notifications: 'Мэдэгдлүүд',
    },
    progress: {
      status: { complete: 'Дууссан', 'in-progress': 'Үргэлжилж байна', 'not-started': 'Эхлээгүй' },
      minutes: '{{total}} минутаас {{listened}} минут сонссон',
    },
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
    payment: {
      requested: 'Your request has been sent.',
      title: 'How to pay',
      amount: 'Amount to pay',
      regularPrice: 'Regular price',
      earlyUntil: '(early price, until {{date}})',
      atCentre: 'Please pay at the training centre.',
      approval: 'The centre approves your request once it has checked the payment, usually within one working day. A notification tells you when it does.',
      notifications: 'Notifications',
    },
    progress: {
      status: { complete: 'Complete', 'in-progress': 'In progress', 'not-started': 'Not started' },
      minutes: '{{listened}} of {{total}} minutes listened',
    },
    remoteError: {
      title: 'This section could not be loaded.',
      description: 'Something went wrong for a moment. The rest of the site keeps working. Please try again.',
    },
    authCheckError: 'Could not check your sign-in.',
    siteName: 'Learning platform',
  },
};
