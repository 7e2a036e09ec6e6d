/**
 * The strings of importing a recovery phrase or a key in any of its formats, and of exporting one
 * account's or one private key's key (issue 24), in English, Spanish and Arabic, with the
 * messages of the errors only these do. Registered on import by `<latch-wallet-import>` and
 * `<latch-wallet-export>`; config `copy` may replace any by key.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const keyIoEn = {
  'wallet.import.heading': 'Import a wallet or a key',
  'wallet.import.mode': 'What to import',
  'wallet.import.modePhrase': 'Recovery phrase',
  'wallet.import.modeKey': 'Private key',
  'wallet.import.phrase': 'Recovery phrase (12 or 24 words)',
  'wallet.import.phraseHint': 'The words in order, separated by spaces. The phrase is checked and encrypted in this page before it is sent.',
  'wallet.import.phraseLength': 'A recovery phrase here has 12 or 24 words.',
  'wallet.import.walletName': 'Wallet name',
  'wallet.import.defaultWalletName': 'Imported wallet',
  'wallet.import.walletNameMissing': 'Enter a name for the wallet.',
  'wallet.import.accounts': 'Accounts to derive',
  'wallet.import.accountsMissing': 'Choose at least one account.',
  'wallet.import.walletDone': 'Wallet imported. Its addresses:',
  'wallet.import.keyAny': 'Private key (hex, Bitcoin WIF or Solana base58)',
  'wallet.import.keyAnyHint': '64 hexadecimal characters, a Bitcoin WIF key, or a Solana secret key in base58. The key is checked and encrypted in this page before it is sent.',
  'wallet.import.detectedHex': 'A hexadecimal key: choose its curve.',
  'wallet.import.detectedWif': 'A Bitcoin WIF key (secp256k1): Bitcoin addresses are suggested.',
  'wallet.import.detectedSolana': 'A Solana secret key (Ed25519).',
  'error.ERR_MNEMONIC_INVALID': 'This recovery phrase is not right. Check each word and their order.',
  'error.ERR_PRIVATE_KEY_FORMAT': 'This is not a private key in hexadecimal, Bitcoin WIF or Solana base58.',
  'error.ERR_PRIVATE_KEY_CHECKSUM': 'This key has a mistake: its checksum does not match. Copy it again.',
  'error.ERR_PRIVATE_KEY_RANGE': 'This is not a valid private key for this curve.',
  'error.ERR_PRIVATE_KEY_PAIR_MISMATCH': 'This Solana secret key is damaged: its two halves do not belong together.',

  'wallet.export.what': 'What to export',
  'wallet.export.whatPhrase': 'Recovery phrase',
  'wallet.export.whatAccount': 'One account\u2019s private key',
  'wallet.export.whatKey': 'An imported private key',
  'wallet.export.account': 'Account',
  'wallet.export.privateKey': 'Private key',
  'wallet.export.keyWarning': 'Anyone with this key controls this account and its funds. Never share it; make sure nobody can see your screen.',
  'wallet.export.revealKey': 'Export private key',
  'wallet.export.keyReady': 'The private key is ready. It stays hidden until you show it.',
  'wallet.export.keyGone': 'The private key is gone from this page.',
  'wallet.export.format': 'Format',
  'wallet.export.formatHex': 'Hexadecimal',
  'wallet.export.formatSolana': 'Solana secret key (base58, as Phantom takes it)',
  'wallet.export.formatWif': 'Bitcoin WIF (compressed, mainnet)',
  'wallet.export.masked': 'Hidden private key',
  'wallet.export.show': 'Show key',
  'wallet.export.conceal': 'Hide key',
  'wallet.export.copyKey': 'Copy key',
  'wallet.export.copied': 'The private key was copied.',
  'wallet.export.done': 'Done',
  'wallet.export.noKeys': 'There are no imported private keys.',
} as const satisfies Readonly<Record<string, Message>>;

type KeyIoKey = keyof typeof keyIoEn;

declare module '../i18n/messages.ts' {
  // Augmentation: these keys join the ones t() accepts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends Record<KeyIoKey, Message> {}
}

export const keyIoEs: Readonly<Record<KeyIoKey, Message>> = {
  'wallet.import.heading': 'Importar una billetera o una clave',
  'wallet.import.mode': 'Qué importar',
  'wallet.import.modePhrase': 'Frase de recuperación',
  'wallet.import.modeKey': 'Clave privada',
  'wallet.import.phrase': 'Frase de recuperación (12 o 24 palabras)',
  'wallet.import.phraseHint': 'Las palabras en orden, separadas por espacios. La frase se comprueba y se cifra en esta página antes de enviarse.',
  'wallet.import.phraseLength': 'Aquí una frase de recuperación tiene 12 o 24 palabras.',
  'wallet.import.walletName': 'Nombre de la billetera',
  'wallet.import.defaultWalletName': 'Billetera importada',
  'wallet.import.walletNameMissing': 'Escribe un nombre para la billetera.',
  'wallet.import.accounts': 'Cuentas que derivar',
  'wallet.import.accountsMissing': 'Elige al menos una cuenta.',
  'wallet.import.walletDone': 'Billetera importada. Sus direcciones:',
  'wallet.import.keyAny': 'Clave privada (hexadecimal, WIF de Bitcoin o base58 de Solana)',
  'wallet.import.keyAnyHint': '64 caracteres hexadecimales, una clave WIF de Bitcoin o una clave secreta de Solana en base58. La clave se comprueba y se cifra en esta página antes de enviarse.',
  'wallet.import.detectedHex': 'Una clave hexadecimal: elige su curva.',
  'wallet.import.detectedWif': 'Una clave WIF de Bitcoin (secp256k1): se proponen direcciones de Bitcoin.',
  'wallet.import.detectedSolana': 'Una clave secreta de Solana (Ed25519).',
  'error.ERR_MNEMONIC_INVALID': 'Esta frase de recuperación no es correcta. Revisa cada palabra y su orden.',
  'error.ERR_PRIVATE_KEY_FORMAT': 'Esto no es una clave privada en hexadecimal, WIF de Bitcoin o base58 de Solana.',
  'error.ERR_PRIVATE_KEY_CHECKSUM': 'Esta clave tiene un error: su suma de control no coincide. Cópiala de nuevo.',
  'error.ERR_PRIVATE_KEY_RANGE': 'Esta no es una clave privada válida para esta curva.',
  'error.ERR_PRIVATE_KEY_PAIR_MISMATCH': 'Esta clave secreta de Solana está dañada: sus dos mitades no se corresponden.',

  'wallet.export.what': 'Qué exportar',
  'wallet.export.whatPhrase': 'Frase de recuperación',
  'wallet.export.whatAccount': 'La clave privada de una cuenta',
  'wallet.export.whatKey': 'Una clave privada importada',
  'wallet.export.account': 'Cuenta',
  'wallet.export.privateKey': 'Clave privada',
  'wallet.export.keyWarning': 'Quien tenga esta clave controla esta cuenta y sus fondos. No la compartas nunca; asegúrate de que nadie ve tu pantalla.',
  'wallet.export.revealKey': 'Exportar la clave privada',
  'wallet.export.keyReady': 'La clave privada está lista. Sigue oculta hasta que la muestres.',
  'wallet.export.keyGone': 'La clave privada ya no está en esta página.',
  'wallet.export.format': 'Formato',
  'wallet.export.formatHex': 'Hexadecimal',
  'wallet.export.formatSolana': 'Clave secreta de Solana (base58, como la acepta Phantom)',
  'wallet.export.formatWif': 'WIF de Bitcoin (comprimida, mainnet)',
  'wallet.export.masked': 'Clave privada oculta',
  'wallet.export.show': 'Mostrar la clave',
  'wallet.export.conceal': 'Ocultar la clave',
  'wallet.export.copyKey': 'Copiar la clave',
  'wallet.export.copied': 'Se copió la clave privada.',
  'wallet.export.done': 'Listo',
  'wallet.export.noKeys': 'No hay claves privadas importadas.',
};

export const keyIoAr: Readonly<Record<KeyIoKey, Message>> = {
  'wallet.import.heading': 'استيراد محفظة أو مفتاح',
  'wallet.import.mode': 'ما الذي تريد استيراده',
  'wallet.import.modePhrase': 'عبارة الاسترداد',
  'wallet.import.modeKey': 'مفتاح خاص',
  'wallet.import.phrase': 'عبارة الاسترداد (12 أو 24 كلمة)',
  'wallet.import.phraseHint': 'الكلمات بالترتيب، تفصل بينها مسافات. تُفحص العبارة وتُشفَّر في هذه الصفحة قبل إرسالها.',
  'wallet.import.phraseLength': 'عبارة الاسترداد هنا من 12 أو 24 كلمة.',
  'wallet.import.walletName': 'اسم المحفظة',
  'wallet.import.defaultWalletName': 'محفظة مستوردة',
  'wallet.import.walletNameMissing': 'أدخل اسمًا للمحفظة.',
  'wallet.import.accounts': 'الحسابات المراد اشتقاقها',
  'wallet.import.accountsMissing': 'اختر حسابًا واحدًا على الأقل.',
  'wallet.import.walletDone': 'تم استيراد المحفظة. عناوينها:',
  'wallet.import.keyAny': 'المفتاح الخاص (ست عشري أو WIF لبيتكوين أو base58 لسولانا)',
  'wallet.import.keyAnyHint': '64 حرفًا ست عشريًا، أو مفتاح WIF لبيتكوين، أو مفتاح سولانا السري بترميز base58. يُفحص المفتاح ويُشفَّر في هذه الصفحة قبل إرساله.',
  'wallet.import.detectedHex': 'مفتاح ست عشري: اختر منحناه.',
  'wallet.import.detectedWif': 'مفتاح WIF لبيتكوين (secp256k1): نقترح عناوين بيتكوين.',
  'wallet.import.detectedSolana': 'مفتاح سولانا السري (Ed25519).',
  'error.ERR_MNEMONIC_INVALID': 'عبارة الاسترداد هذه غير صحيحة. تحقق من كل كلمة ومن ترتيبها.',
  'error.ERR_PRIVATE_KEY_FORMAT': 'هذا ليس مفتاحًا خاصًا بالصيغة الست عشرية أو WIF لبيتكوين أو base58 لسولانا.',
  'error.ERR_PRIVATE_KEY_CHECKSUM': 'في هذا المفتاح خطأ: مجموع التحقق لا يطابق. انسخه مرة أخرى.',
  'error.ERR_PRIVATE_KEY_RANGE': 'هذا ليس مفتاحًا خاصًا صالحًا لهذا المنحنى.',
  'error.ERR_PRIVATE_KEY_PAIR_MISMATCH': 'مفتاح سولانا السري هذا تالف: نصفاه لا يتطابقان.',

  'wallet.export.what': 'ما الذي تريد تصديره',
  'wallet.export.whatPhrase': 'عبارة الاسترداد',
  'wallet.export.whatAccount': 'المفتاح الخاص لحساب واحد',
  'wallet.export.whatKey': 'مفتاح خاص مستورد',
  'wallet.export.account': 'الحساب',
  'wallet.export.privateKey': 'المفتاح الخاص',
  'wallet.export.keyWarning': 'من يملك هذا المفتاح يتحكم في هذا الحساب وأمواله. لا تشاركه أبدًا، وتأكد من أن لا أحد يرى شاشتك.',
  'wallet.export.revealKey': 'تصدير المفتاح الخاص',
  'wallet.export.keyReady': 'المفتاح الخاص جاهز. يبقى مخفيًا حتى تُظهره.',
  'wallet.export.keyGone': 'لم يعد المفتاح الخاص في هذه الصفحة.',
  'wallet.export.format': 'الصيغة',
  'wallet.export.formatHex': 'ست عشري',
  'wallet.export.formatSolana': 'مفتاح سولانا السري (base58، كما يقبله Phantom)',
  'wallet.export.formatWif': 'WIF لبيتكوين (مضغوط، الشبكة الرئيسية)',
  'wallet.export.masked': 'مفتاح خاص مخفي',
  'wallet.export.show': 'إظهار المفتاح',
  'wallet.export.conceal': 'إخفاء المفتاح',
  'wallet.export.copyKey': 'نسخ المفتاح',
  'wallet.export.copied': 'تم نسخ المفتاح الخاص.',
  'wallet.export.done': 'تم',
  'wallet.export.noKeys': 'لا توجد مفاتيح خاصة مستوردة.',
};

registerMessages('en', keyIoEn);
registerMessages('es', keyIoEs);
registerMessages('ar', keyIoAr);
