/**
 * Arabic (Modern Standard). Right-to-left: elements set `dir="rtl"` on their host. Plural
 * messages give all six CLDR categories Arabic uses (zero, one, two, few, many, other).
 * Left-to-right values inside a sentence (a phone number, an address) sit between Unicode
 * isolates (U+2066 LRI or U+2068 FSI … U+2069 PDI), the plain-text form of `<bdi>`: without them
 * a number's leading + shows on its right.
 */
import type { CoreCatalogue } from './messages.ts';

export const ar: CoreCatalogue = {
  'common.loading': 'جارٍ التحميل…',
  'common.close': 'إغلاق',
  'common.cancel': 'إلغاء',
  'common.back': 'رجوع',
  'common.retry': 'حاول مرة أخرى',
  'common.continue': 'متابعة',
  'common.copy': 'نسخ',
  'common.copied': 'تم النسخ',
  'common.or': 'أو',

  'login.title': 'سجّل الدخول أو أنشئ حسابًا',
  'login.logo': 'الشعار',

  'login.continueWith': 'المتابعة باستخدام {provider}',
  'login.email': 'البريد الإلكتروني',
  'login.emailInvalid': 'أدخل عنوان بريد إلكتروني صالحًا.',
  'login.phone': 'رقم الهاتف',
  'login.phoneInvalid': 'أدخل رقم الهاتف مع رمز الدولة.',
  'login.sendCode': 'إرسال الرمز',
  // A contact (an address, a +number) and a user's name are isolated: a number's + stays on its side.
  'login.codeSentTo': 'أرسلنا رمزًا إلى \u2066{contact}\u2069',
  'login.passkey': 'مفتاح المرور',
  'login.passkeyLogin': 'تسجيل الدخول بمفتاح مرور',
  'login.passkeySignup': 'إنشاء حساب بمفتاح مرور',
  'login.otherMethod': 'استخدام طريقة أخرى',
  'login.signingIn': 'جارٍ تسجيل دخولك…',
  'login.creatingAccount': 'جارٍ إنشاء حسابك…',

  'otp.enterCode': 'أدخل الرمز',
  'otp.digitLabel': 'الرقم {position} من {length}',
  'otp.characterLabel': 'الحرف {position} من {length}',
  'otp.resend': 'إعادة إرسال الرمز',
  'otp.resendIn': 'إعادة الإرسال بعد {seconds} ث',
  'otp.resendWait': {
    zero: 'يمكنك طلب رمز جديد بعد {count} ثانية.',
    one: 'يمكنك طلب رمز جديد بعد ثانية واحدة.',
    two: 'يمكنك طلب رمز جديد بعد ثانيتين.',
    few: 'يمكنك طلب رمز جديد بعد {count} ثوانٍ.',
    many: 'يمكنك طلب رمز جديد بعد {count} ثانية.',
    other: 'يمكنك طلب رمز جديد بعد {count} ثانية.',
  },
  'otp.resendReady': 'يمكنك الآن طلب رمز جديد.',

  'session.logout': 'تسجيل الخروج',
  'session.loggedInAs': 'تم تسجيل الدخول باسم \u2068{user}\u2069',
  'session.endsIn': {
    zero: 'تنتهي جلستك بعد {count} دقيقة.',
    one: 'تنتهي جلستك بعد دقيقة واحدة.',
    two: 'تنتهي جلستك بعد دقيقتين.',
    few: 'تنتهي جلستك بعد {count} دقائق.',
    many: 'تنتهي جلستك بعد {count} دقيقة.',
    other: 'تنتهي جلستك بعد {count} دقيقة.',
  },
  'session.stay': 'البقاء متصلًا',

  'signup.creatingWallet': 'جارٍ إنشاء محفظتك…',
  'signup.walletReady': 'محفظتك جاهزة',

  'error.generic': 'حدث خطأ ما. حاول مرة أخرى.',
  'error.ERR_OTP_INVALID': 'الرمز غير صحيح. تحقّق منه وحاول مرة أخرى.',
  'error.ERR_OTP_LIMIT': 'محاولات كثيرة جدًا. اطلب رمزًا جديدًا.',
  'error.ERR_NETWORK_FAILED': 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  'error.ERR_NETWORK_TIMEOUT': 'لم يردّ الخادم في الوقت المناسب. حاول مرة أخرى.',
  'error.ERR_SERVICE_RATE_LIMITED': 'طلبات كثيرة جدًا. انتظر قليلًا ثم حاول مرة أخرى.',
  'error.ERR_SERVICE_UNAUTHENTICATED': 'تم رفض تسجيل الدخول. سجّل الدخول مرة أخرى.',
  'error.ERR_SERVICE_INTERNAL': 'واجهت الخدمة مشكلة. حاول لاحقًا.',
  'error.ERR_SESSION_EXPIRED': 'انتهت جلستك. سجّل الدخول مرة أخرى.',
  'error.ERR_SESSION_MISSING': 'لم تسجّل الدخول. سجّل الدخول أولًا.',
  'error.ERR_OAUTH_POPUP_BLOCKED': 'تم حظر نافذة تسجيل الدخول. اسمح بالنوافذ المنبثقة أو تابع في هذه الصفحة.',
  'error.ERR_OAUTH_POPUP_CLOSED': 'أُغلقت نافذة تسجيل الدخول مبكرًا. حاول مرة أخرى.',
  'error.ERR_OAUTH_DENIED': 'لم يتم منح الإذن. حاول مرة أخرى أو استخدم طريقة أخرى.',
  'error.ERR_OAUTH_DISALLOWED': 'طريقة تسجيل الدخول هذه غير مفعّلة. استخدم طريقة أخرى.',
  'error.ERR_PASSKEY_UNSUPPORTED': 'هذا المتصفح لا يدعم مفاتيح المرور. استخدم طريقة أخرى.',
  'error.ERR_PASSKEY_CANCELLED': 'تم إلغاء مفتاح المرور. حاول مرة أخرى أو استخدم طريقة أخرى.',
  'error.ERR_PASSKEY_EXISTS': 'لديك مفتاح مرور هنا بالفعل. سجّل الدخول به.',
  'error.ERR_PASSKEY_FAILED': 'لم يعمل مفتاح المرور. حاول مرة أخرى أو استخدم طريقة أخرى.',
  'error.ERR_INPUT_INVALID': 'تحقّق مما أدخلته وحاول مرة أخرى.',
  'error.ERR_CONFIG_INVALID': 'تسجيل الدخول هذا غير مُعدّ. حاول لاحقًا.',
  'error.ERR_JWT_SIGNATURE': 'هذا الموقع غير مُعدّ لتأكيد تسجيل الدخول هذا. حاول لاحقًا.',
  'error.ERR_STORE_UNAVAILABLE': 'لا يستطيع هذا المتصفح حفظ مفتاحك. اخرج من التصفح الخاص وحاول مرة أخرى.',
  'error.ERR_ACTIVITY_REJECTED': 'تم رفض الطلب. تحقّق منه وحاول مرة أخرى.',
  'error.ERR_ACTIVITY_CONSENSUS_NEEDED': 'اطلب من موافِق آخر الموافقة على هذا الطلب.',
};
