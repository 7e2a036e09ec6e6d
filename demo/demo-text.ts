/**
 * The demo page's own words (header, panels, status line, the line under the drop-in, the
 * gallery's notes) in the languages of the demo's configurations, so the page speaks the
 * language its elements speak. The page takes the configuration's language and direction
 * (`<html lang dir>`); values that are not words (an id, a code) go in `<bdi>`, so in Arabic a
 * sentence's period stays at its end whatever the value's direction.
 *
 * Element names, attribute names and the API reference (read from the manifest) stay as written.
 */

export type DemoLanguage = 'en' | 'es' | 'ar';

const en = {
  title: 'Latchkey demo',
  tagline: 'Login and wallet elements against the local emulator.',
  configLabel: 'Configuration',
  dropinTitle: 'The drop-in:',
  openDialog: 'Open it as a dialog',
  dropinAbout: 'Shows exactly the methods the configuration enables; signs up or logs in by account lookup.',
  demoOnly: 'Demo only: the emulator keeps every key in memory.',
  aloneTitle: 'Each element alone',
  apiTitle: 'API reference',
  apiAbout: 'Read from custom-elements.json, the manifest that npm run build ships.',
  apiSummary: 'Show attributes, events, parts, slots and tokens of each element',
  sideLabel: 'What the emulator did',
  outboxTitle: 'OTP outbox',
  outboxAbout: 'Codes the emulator would have emailed or texted.',
  webhooksTitle: 'Webhook log',
  webhooksAbout: 'Activities delivered to this page’s receiver.',
  eventsTitle: 'Element events',
  nothingYet: 'Nothing yet.',
  noCode: 'No code sent yet.',
  noActivity: 'No activity yet.',
  notAnswering: 'The emulator is not answering.',
  starting: 'Starting…',
  notRunning: 'The emulator is not running: start the demo with npm start.',
  loadingConfig: 'Loading the configuration…',
  noAnswer: 'The emulator did not answer: is npm start still running?',
  ready: 'Log in or sign up with any method; codes appear in the outbox.',
  restored: 'Logged in (organization {id}).',
  signedUp: 'Logged in as {id} (new account).',
  loggedIn: 'Logged in as {id} (existing account).',
  loggedOut: 'Logged out.',
  failed: 'The demo could not start; see the console.',
  'config.demo': 'Everything (English, light, violet)',
  'config.demo.about': 'Every login method: email and SMS codes, passkeys, Google, Apple, Facebook, X and Discord.',
  'config.minimal': 'Minimal (Spanish, dark, teal)',
  'config.minimal.about': 'Email codes only, 8 characters (letters and digits), a dark theme with square corners and its own wording.',
  'config.arabic': 'Arabic (right to left, amber)',
  'config.arabic.about': 'Passkeys and Google only, in Arabic, laid out right to left, with round corners.',
  chainsTitle: 'Send on the local chains',
  chainsAbout: 'The emulator’s anvil chain and Solana cluster, their RPC given to the send element as its rpc-url: it shows the fee the chain estimates and refuses a send the balance cannot cover, before asking.',
  chainsOff: 'The emulator runs no local chain.',
  chainsAsset: 'Asset',
  chainsTo: 'Recipient',
  chainsAmount: 'Amount',
  chainsSend: 'Send',
  chainsFund: 'Fund my accounts (faucet)',
  chainsFunded: 'Funded: 1 ETH, 100 USDC, 1 SOL and 100 USDC on Solana.',
  chainsLogIn: 'Log in first.',
  'card.latch-session': 'Who is logged in, time left, refresh and log out.',
  'card.latch-account': 'The account: rename, email and phone, passkeys, linked logins and wallets, sessions, delete the account.',
  'card.latch-signup': 'A new account with an Ethereum and a Solana address, and the App Proofs of both.',
  'card.latch-passkey-button': 'Sign up with a new passkey (the drop-in also offers passkey login).',
  'card.latch-oauth-button': 'Each enabled provider, through the emulator’s own consent page in a popup.',
  'card.latch-otp-input': 'The code boxes alone (paste, arrows, resend); it only reports the code.',
  'card.latch-wallet': 'Accounts (paged), copy, sign a message, export the phrase or one key, import a phrase or a key (hex, WIF, Solana).',
  'card.latch-onramp': 'Buy crypto through the emulator’s sandbox provider.',
  'card.latch-tx-status': 'Follows a sent transaction: paste a status id.',
  noEmail: 'This configuration does not enable email codes.',
  noPasskey: 'This configuration does not enable passkeys.',
  noOauth: 'No OAuth provider in this configuration.',
  typeCode: 'Type or paste a code.',
  txId: 'Send transaction status id',
  follow: 'Follow',
};

export type DemoTextKey = keyof typeof en;
type DemoText = Readonly<Record<DemoTextKey, string>>;

const es: DemoText = {
  title: 'Demostración de Latchkey',
  tagline: 'Elementos de inicio de sesión y billetera contra el emulador local.',
  configLabel: 'Configuración',
  dropinTitle: 'El componente completo:',
  openDialog: 'Abrirlo como diálogo',
  dropinAbout: 'Muestra exactamente los métodos que habilita la configuración; registra o inicia sesión según exista la cuenta.',
  demoOnly: 'Solo una demostración: el emulador guarda todas las claves en memoria.',
  aloneTitle: 'Cada elemento por separado',
  apiTitle: 'Referencia de la API',
  apiAbout: 'Leída de custom-elements.json, el manifiesto que publica npm run build.',
  apiSummary: 'Mostrar atributos, eventos, partes, ranuras y variables de cada elemento',
  sideLabel: 'Lo que hizo el emulador',
  outboxTitle: 'Bandeja de códigos',
  outboxAbout: 'Códigos que el emulador habría enviado por correo o SMS.',
  webhooksTitle: 'Registro de webhooks',
  webhooksAbout: 'Actividades entregadas al receptor de esta página.',
  eventsTitle: 'Eventos de los elementos',
  nothingYet: 'Nada todavía.',
  noCode: 'Todavía no se envió ningún código.',
  noActivity: 'Todavía no hay actividad.',
  notAnswering: 'El emulador no responde.',
  starting: 'Iniciando…',
  notRunning: 'El emulador no está en marcha: inicia la demostración con npm start.',
  loadingConfig: 'Cargando la configuración…',
  noAnswer: 'El emulador no respondió: ¿sigue en marcha npm start?',
  ready: 'Inicia sesión o regístrate con cualquier método; los códigos aparecen en la bandeja.',
  restored: 'Sesión iniciada (organización {id}).',
  signedUp: 'Sesión iniciada como {id} (cuenta nueva).',
  loggedIn: 'Sesión iniciada como {id} (cuenta existente).',
  loggedOut: 'Sesión cerrada.',
  failed: 'La demostración no pudo iniciarse; mira la consola.',
  'config.demo': 'Todo (inglés, claro, violeta)',
  'config.demo.about': 'Todos los métodos: códigos por correo y SMS, llaves de acceso, Google, Apple, Facebook, X y Discord.',
  'config.minimal': 'Mínima (español, oscura, turquesa)',
  'config.minimal.about': 'Solo códigos por correo, de 8 caracteres (letras y dígitos), un tema oscuro con esquinas rectas y su propio texto.',
  'config.arabic': 'Árabe (de derecha a izquierda, ámbar)',
  'config.arabic.about': 'Solo llaves de acceso y Google, en árabe, de derecha a izquierda, con esquinas redondeadas.',
  chainsTitle: 'Enviar en las cadenas locales',
  chainsAbout: 'La cadena anvil y el clúster de Solana del emulador, con su RPC como rpc-url del elemento de envío: muestra la comisión que estima la cadena y rechaza, antes de preguntar, un envío que el saldo no cubre.',
  chainsOff: 'El emulador no ejecuta ninguna cadena local.',
  chainsAsset: 'Activo',
  chainsTo: 'Destinatario',
  chainsAmount: 'Importe',
  chainsSend: 'Enviar',
  chainsFund: 'Financiar mis cuentas (grifo)',
  chainsFunded: 'Financiadas: 1 ETH, 100 USDC, 1 SOL y 100 USDC en Solana.',
  chainsLogIn: 'Inicia sesión primero.',
  'card.latch-session': 'Quién inició sesión, tiempo restante, renovar y cerrar sesión.',
  'card.latch-account': 'La cuenta: nombre, correo y teléfono, llaves de acceso, inicios de sesión y billeteras vinculados, sesiones, eliminar la cuenta.',
  'card.latch-signup': 'Una cuenta nueva con una dirección de Ethereum y otra de Solana, y las App Proofs de ambas.',
  'card.latch-passkey-button': 'Regístrate con una llave de acceso nueva (el componente completo también ofrece iniciar sesión con ella).',
  'card.latch-oauth-button': 'Cada proveedor habilitado, con la página de consentimiento del emulador en una ventana emergente.',
  'card.latch-otp-input': 'Solo las casillas del código (pegar, flechas, reenviar); únicamente informa del código.',
  'card.latch-wallet': 'Cuentas (por páginas), copiar, firmar un mensaje, exportar la frase o una clave, importar una frase o una clave (hex, WIF, Solana).',
  'card.latch-onramp': 'Compra criptomonedas con el proveedor de pruebas del emulador.',
  'card.latch-tx-status': 'Sigue una transacción enviada: pega un id de estado.',
  noEmail: 'Esta configuración no habilita los códigos por correo.',
  noPasskey: 'Esta configuración no habilita las llaves de acceso.',
  noOauth: 'Esta configuración no tiene ningún proveedor OAuth.',
  typeCode: 'Escribe o pega un código.',
  txId: 'Id de estado de la transacción enviada',
  follow: 'Seguir',
};

const ar: DemoText = {
  title: 'عرض Latchkey التوضيحي',
  tagline: 'عناصر تسجيل الدخول والمحفظة مع المحاكي المحلي.',
  configLabel: 'الإعداد',
  dropinTitle: 'العنصر الكامل:',
  openDialog: 'فتحه كنافذة حوار',
  dropinAbout: 'يعرض بالضبط طرق تسجيل الدخول التي يفعّلها الإعداد؛ وينشئ حسابًا أو يسجّل الدخول بحسب وجود الحساب.',
  demoOnly: 'للعرض فقط: يحتفظ المحاكي بكل المفاتيح في الذاكرة.',
  aloneTitle: 'كل عنصر على حدة',
  apiTitle: 'مرجع الواجهة البرمجية',
  apiAbout: 'مقروء من custom-elements.json، وهو البيان الذي ينشره npm run build.',
  apiSummary: 'عرض السمات والأحداث والأجزاء والفتحات والمتغيرات لكل عنصر',
  sideLabel: 'ما فعله المحاكي',
  outboxTitle: 'صندوق الرموز الصادرة',
  outboxAbout: 'الرموز التي كان المحاكي سيرسلها بالبريد الإلكتروني أو الرسائل النصية.',
  webhooksTitle: 'سجل خطافات الويب',
  webhooksAbout: 'الأنشطة التي وصلت إلى مستقبِل هذه الصفحة.',
  eventsTitle: 'أحداث العناصر',
  nothingYet: 'لا شيء بعد.',
  noCode: 'لم يُرسَل أي رمز بعد.',
  noActivity: 'لا نشاط بعد.',
  notAnswering: 'المحاكي لا يستجيب.',
  starting: 'جارٍ البدء…',
  notRunning: 'المحاكي لا يعمل: شغّل العرض بالأمر npm start.',
  loadingConfig: 'جارٍ تحميل الإعداد…',
  noAnswer: 'لم يستجب المحاكي: هل ما زال npm start يعمل؟',
  ready: 'سجّل الدخول أو أنشئ حسابًا بأي طريقة؛ تظهر الرموز في صندوق الرموز الصادرة.',
  restored: 'تم تسجيل الدخول (المؤسسة {id}).',
  signedUp: 'تم تسجيل الدخول باسم {id} (حساب جديد).',
  loggedIn: 'تم تسجيل الدخول باسم {id} (حساب موجود).',
  loggedOut: 'تم تسجيل الخروج.',
  failed: 'تعذّر بدء العرض؛ راجع وحدة التحكم.',
  'config.demo': 'كل شيء (الإنجليزية، فاتح، بنفسجي)',
  'config.demo.about': 'كل طرق تسجيل الدخول: رموز البريد الإلكتروني والرسائل النصية، ومفاتيح المرور، وGoogle وApple وFacebook وX وDiscord.',
  'config.minimal': 'الحد الأدنى (الإسبانية، داكن، فيروزي)',
  'config.minimal.about': 'رموز البريد الإلكتروني فقط، من 8 خانات (حروف وأرقام)، بسمة داكنة وزوايا مربعة وصياغة خاصة.',
  'config.arabic': 'العربية (من اليمين إلى اليسار، كهرماني)',
  'config.arabic.about': 'مفاتيح المرور وGoogle فقط، بالعربية، من اليمين إلى اليسار، بزوايا دائرية.',
  chainsTitle: 'الإرسال على السلاسل المحلية',
  chainsAbout: 'سلسلة anvil وعنقود Solana في المحاكي، وعنوان RPC الخاص بهما يُعطى لعنصر الإرسال: يعرض الرسوم التي تقدّرها السلسلة ويرفض قبل السؤال إرسالًا لا يغطيه الرصيد.',
  chainsOff: 'لا يشغّل المحاكي أي سلسلة محلية.',
  chainsAsset: 'الأصل',
  chainsTo: 'المستلم',
  chainsAmount: 'المبلغ',
  chainsSend: 'إرسال',
  chainsFund: 'تمويل حساباتي (الصنبور)',
  chainsFunded: 'تم التمويل: 1 ETH و100 USDC و1 SOL و100 USDC على Solana.',
  chainsLogIn: 'سجّل الدخول أولًا.',
  'card.latch-session': 'من سجّل الدخول، والوقت المتبقي، والتجديد وتسجيل الخروج.',
  'card.latch-account': 'الحساب: الاسم، والبريد والهاتف، ومفاتيح المرور، وطرق الدخول والمحافظ المرتبطة، والجلسات، وحذف الحساب.',
  'card.latch-signup': 'حساب جديد بعنوان Ethereum وعنوان Solana، مع إثباتات App Proofs لكليهما.',
  'card.latch-passkey-button': 'أنشئ حسابًا بمفتاح مرور جديد (العنصر الكامل يتيح أيضًا تسجيل الدخول بمفتاح مرور).',
  'card.latch-oauth-button': 'كل مزوّد مفعّل، عبر صفحة الموافقة الخاصة بالمحاكي في نافذة منبثقة.',
  'card.latch-otp-input': 'خانات الرمز وحدها (اللصق والأسهم وإعادة الإرسال)؛ تكتفي بالإبلاغ عن الرمز.',
  'card.latch-wallet': 'الحسابات (على صفحات)، والنسخ، وتوقيع رسالة، وتصدير العبارة أو مفتاح واحد، واستيراد عبارة أو مفتاح (hex وWIF وSolana).',
  'card.latch-onramp': 'اشترِ العملات المشفّرة عبر المزوّد التجريبي للمحاكي.',
  'card.latch-tx-status': 'يتابع معاملة مرسلة: الصق معرّف الحالة.',
  noEmail: 'لا يفعّل هذا الإعداد رموز البريد الإلكتروني.',
  noPasskey: 'لا يفعّل هذا الإعداد مفاتيح المرور.',
  noOauth: 'لا يوجد مزوّد OAuth في هذا الإعداد.',
  typeCode: 'اكتب رمزًا أو الصقه.',
  txId: 'معرّف حالة المعاملة المرسلة',
  follow: 'متابعة',
};

const TEXTS: Readonly<Record<DemoLanguage, DemoText>> = { en, es, ar };

/** The demo's language for a configuration's `locale` (its primary subtag), English by default. */
export function demoLanguage(locale: string | undefined): DemoLanguage {
  const language = (locale ?? '').split('-')[0]!.toLowerCase();
  return language === 'es' || language === 'ar' ? language : 'en';
}

export const isRtlLanguage = (language: DemoLanguage): boolean => language === 'ar';

/** The page's language now (set by `localizePage`). */
let current: DemoLanguage = 'en';

/** `key` in the page's language. */
export function demoText(key: DemoTextKey): string {
  return TEXTS[current][key];
}

/**
 * Puts `key`'s words into `target`, each `{name}` value in its own `<bdi>` (an id or a code is
 * isolated from the sentence around it: in Arabic the period stays at the sentence's end).
 */
export function fillText(target: HTMLElement, key: DemoTextKey, values: Readonly<Record<string, string>> = {}): void {
  const nodes = demoText(key)
    .split(/\{(\w+)\}/)
    .map((piece, i) => {
      if (i % 2 === 0) return piece;
      const bdi = document.createElement('bdi');
      bdi.textContent = values[piece] ?? '';
      return bdi;
    });
  target.replaceChildren(...nodes);
}

/**
 * Switches the page to `language`: `<html lang dir>` (the layout mirrors in Arabic: demo.css uses
 * logical properties only), the title, and every `[data-text]` element's words (`data-text-label`
 * for an `aria-label`). The API reference stays English (`lang="en"` in index.html).
 */
export function localizePage(language: DemoLanguage): void {
  current = language;
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
  document.title = demoText('title');
  for (const el of document.querySelectorAll<HTMLElement>('[data-text]')) fillText(el, el.dataset['text'] as DemoTextKey);
  for (const el of document.querySelectorAll<HTMLElement>('[data-text-label]')) el.setAttribute('aria-label', demoText(el.dataset['textLabel'] as DemoTextKey));
}
