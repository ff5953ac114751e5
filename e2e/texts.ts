// What the journeys look for on screen: the Mongolian texts (the default language) exactly as in
// shell/src/i18n.ts, the remotes' i18n.ts and packages/platform/src/i18n/common.ts, the spec's own
// texts verbatim.
// Copied rather than imported: those modules register themselves with the browser's translator and
// belong to the web build, and a journey should fail when what a learner reads changes.

export const texts = {
  nav: {
    administrator: 'Админ',
    adminLessons: 'Зайн сургалт',
    adminMonsterplans: 'Monster plan',
    adminVideos: 'Видео',
    settings: 'Миний бүртгэл',
    signIn: 'Нэвтрэх',
    register: 'Бүртгүүлэх',
    signOut: 'Гарах',
    open: 'Цэс нээх',
  },
  signin: {
    email: 'Имэйл',
    password: 'Нууц үг',
    next: 'Үргэлжлүүлэх',
    submit: 'Нэвтрэх',
    greeting: (name: string) => `Сайн байна уу, ${name}`,
    forgotPassword: 'Нууц үгээ мартсан уу?',
    register: 'Бүртгүүлэх',
    forRequest: 'Хүсэлт илгээхийн тулд нэвтэрнэ үү',
  },
  forgotPassword: { title: 'Нууц үг сэргээх', email: 'Имэйл', submit: 'Холбоос илгээх' },
  resetPassword: { password: 'Шинэ нууц үг', repeatPassword: 'Шинэ нууц үг давтах', submit: 'Нууц үг хадгалах', newLink: 'Шинэ холбоос авах' },
  createAccount: {
    title: 'Бүртгүүлэх',
    email: 'Имэйл',
    name: 'Нэр',
    password: 'Нууц үг',
    repeatPassword: 'Нууц үг давтах',
    submit: 'Бүртгүүлэх',
    successTitle: 'Бүртгэл амжилттай үүслээ.',
    successBody: (email: string) => `${email} хаягаар нэвтэрч болно.`,
    signedIn: (email: string) => `Та ${email} хаягаар нэвтэрлээ.`,
    goOn: 'Үргэлжлүүлэх',
    forRequest: 'Хүсэлт илгээхийн тулд бүртгүүлнэ үү',
  },
  callback: {
    hi: (name: string) => `Hi. ${name}`,
    bye: (name: string) => `Bye. ${name}`,
  },
  status: { unauthorized: 'UNAUTHORIZED', notFound: '404' },
  learning: { title: 'Миний хичээлүүд', settings: 'Бүртгэлийн тохиргоо' },
  me: {
    title: 'Миний бүртгэл',
    greeting: (name: string) => `Сайн байна уу, ${name}!`,
    googleConnected: 'Холбогдсон',
    googleNotConnected: 'Холбогдоогүй',
  },
  google: {
    signIn: 'Google-ээр нэвтрэх',
    loading: 'LOADING',
    emailUnverified: 'Таны Google бүртгэлийн имэйл хаяг баталгаажаагүй байна. Google дээр имэйлээ баталгаажуулаад дахин оролдоно уу.',
  },
  remoteError: {
    title: 'Энэ хэсгийг ачаалж чадсангүй.',
    retry: 'Дахин оролдох',
  },
  home: { title: 'Англи хэлийг хамтдаа' },
  admin: {
    sections: 'Админы хэсгүүд',
    lessonRequests: 'Багц хичээлийн хүсэлтүүд',
    monsterplanRequests: 'Monster plan-ы хүсэлтүүд',
    newRequests: (count: number) => `${count} new request`,
    approveLabel: (email: string, name: string) => `Зөвшөөрөх: ${email}, ${name}`,
    approved: 'Зөвшөөрсөн',
    cancelLabel: (email: string, name: string) => `Цуцлах: ${email}, ${name}`,
    yes: 'Тийм',
    no: 'Үгүй',
    editLabel: (name: string) => `Засах: ${name}`,
    price: 'Үнэ',
    publish: 'Нийтлэх',
  },
  siteName: 'Сургалтын платформ',
  // mfe-monster/src/i18n.ts, mfe-lessons/src/i18n.ts and the platform's access badge.
  catalog: {
    requestPlan: (name: string) => `Хүсэлт илгээх: ${name}`,
    openPlan: (name: string) => `Хөтөлбөр үзэх: ${name}`,
    requestLesson: (name: string) => `Хүсэлт илгээх: ${name}`,
    openLesson: (name: string) => `Хичээл үзэх: ${name}`,
    pending: 'Хүсэлт хүлээгдэж байна',
    approved: 'Эрх нээгдсэн',
    paymentTitle: 'Төлбөр төлөх заавар',
    requested: 'Хүсэлт илгээгдлээ.',
    amountToPay: (price: string) => `Төлөх дүн: ${price}`,
    paid: (price: string) => `Төлсөн: ${price}`,
  },
};
